import { decode, encode } from 'next-auth/jwt';
import { decodeSessionToken, encodeSessionToken } from './session-token';

// The session cookie is next-auth's JWE: decodeSessionToken derives its key once per secret instead
// of through next-auth's decode, and must read exactly what next-auth writes and reads.

const secretBefore = process.env.NEXTAUTH_SECRET;
afterEach(() => {
  if (secretBefore === undefined) delete process.env.NEXTAUTH_SECRET;
  else process.env.NEXTAUTH_SECRET = secretBefore;
});

describe('decodeSessionToken', () => {
  it('reads the claims of a token next-auth encoded, and next-auth reads what it encodes', async () => {
    process.env.NEXTAUTH_SECRET = 'a-secret-of-enough-length-for-the-session-token-test-1';
    const theirs = await encode({ token: { sub: 'user-1', sid: 'session-1' }, secret: process.env.NEXTAUTH_SECRET, maxAge: 60 });
    expect(await decodeSessionToken(theirs)).toEqual({ sub: 'user-1', sid: 'session-1' });
    const ours = await encodeSessionToken({ sub: 'user-2', sid: 'session-2' });
    expect(await decode({ token: ours, secret: process.env.NEXTAUTH_SECRET })).toMatchObject({ sub: 'user-2', sid: 'session-2' });
  });

  it('refuses a token under another secret, even after the first one was read', async () => {
    process.env.NEXTAUTH_SECRET = 'a-secret-of-enough-length-for-the-session-token-test-2';
    const token = await encodeSessionToken({ sub: 'user-3', sid: 'session-3' });
    expect(await decodeSessionToken(token)).toEqual({ sub: 'user-3', sid: 'session-3' });
    process.env.NEXTAUTH_SECRET = 'another-secret-of-enough-length-for-the-token-test-3';
    expect(await decodeSessionToken(token)).toBeNull();
  });

  it('refuses an expired token, a tampered one and garbage', async () => {
    process.env.NEXTAUTH_SECRET = 'a-secret-of-enough-length-for-the-session-token-test-4';
    const expired = await encode({ token: { sub: 'user-4', sid: 'session-4' }, secret: process.env.NEXTAUTH_SECRET, maxAge: -60 });
    expect(await decodeSessionToken(expired)).toBeNull();
    const token = await encodeSessionToken({ sub: 'user-5', sid: 'session-5' });
    const parts = token.split('.');
    parts[3] = `${parts[3]!.slice(0, -2)}${parts[3]!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await decodeSessionToken(parts.join('.'))).toBeNull();
    expect(await decodeSessionToken('not-a-token')).toBeNull();
    expect(await decodeSessionToken(undefined)).toBeNull();
  });
});
