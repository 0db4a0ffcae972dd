export declare function pagesOf(dist: string): { route: string; entry: string }[];
export declare function firstLoadFiles(dist: string, entry: string): string[] | null;
export declare function allFirstLoadFiles(dist: string): Set<string>;
