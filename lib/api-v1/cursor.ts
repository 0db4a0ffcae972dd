// Opaque keyset cursors: base64url of "<sort key>|<id>". A forged one must never reach a query
// (PostgreSQL refuses a NUL), so decoding checks both parts.

export function encodeKeyset(key: string, id: string): string {
  return Buffer.from(`${key}|${id}`, 'utf8').toString('base64url');
}

export function decodeKeyset(cursor: string): { key: string; id: string } | null {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const at = text.lastIndexOf('|');
  if (at <= 0) return null;
  const key = text.slice(0, at);
  const id = text.slice(at + 1);
  if (!id || id.length > 64 || key.length > 40 || /[\u0000\ufffd]/.test(text)) return null;
  return { key, id };
}
