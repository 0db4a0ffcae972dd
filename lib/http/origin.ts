// Browsers always send Origin on WebSocket upgrades and cross-site fetches; a page on another site
// must not ride the user's cookies into our socket or our mutations (cross-site WebSocket hijacking, CSRF).
// Requests without an Origin come from non-browser clients, which carry no ambient cookies of ours.

export function isAllowedOrigin(
  origin: string | undefined | null,
  host: string | undefined | null,
  allowedOrigins: readonly string[] = [],
): boolean {
  if (!origin) return true;
  if (allowedOrigins.includes(origin)) return true;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
