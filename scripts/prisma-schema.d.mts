export declare const providers: readonly ['sqlite', 'postgresql'];
export declare const root: string;
export declare const sourceSchemaPath: string;
export declare function schemaFor(provider: string, source?: string): string;
