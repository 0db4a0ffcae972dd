/** A page's search params as Next hands them over (a Promise since Next 15). */
export type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The first value of a query parameter that may repeat (`?a=1&a=2`); null when it is absent or empty. */
export function singleParam(value: string | string[] | undefined): string | null {
  return (Array.isArray(value) ? value[0] : value) || null;
}
