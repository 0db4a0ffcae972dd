// Safe to import from client components (the slug rules themselves are in slugs.ts, server side).

/** The page of a company, from its canonical slug (or its id, which the page redirects to the slug). */
export function companyPath(slug: string): string {
  return `/companies/${encodeURIComponent(slug)}`;
}
