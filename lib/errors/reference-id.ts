/** The error screen's reference ID: the current time in base 36, short enough to read out to support. */
export function errorReferenceId(now = Date.now()): string {
  return `ERR-${now.toString(36).toUpperCase()}`;
}
