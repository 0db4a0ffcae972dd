// Cookie names and attributes, shared by route handlers, server components and middleware.

export const sessionCookieNames = ['__Secure-next-auth.session-token', 'next-auth.session-token'] as const;
export const pendingSignInCookie = 'mfa_pending';
export const betaCookie = 'beta_access';
/**
 * Set by `?reset=true` (spec 000 §4: it always shows the gate): until a code is entered again, an account's
 * own beta flag does not pass this browser through the gate either.
 */
export const betaResetCookie = 'beta_reset';
export const referralCookie = 'ref_code';
export const trialCookie = 'trial_token';

export const sessionMaxAgeSeconds = 7 * 24 * 60 * 60;
export const pendingSignInMaxAgeSeconds = 10 * 60;
export const betaMaxAgeSeconds = 90 * 24 * 60 * 60;

/** Secure when the browser reached us over HTTPS (directly or through the hosting proxy). */
function isSecureRequest(request: Request): boolean {
  const forwarded = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim();
  return forwarded === 'https' || new URL(request.url).protocol === 'https:' || (process.env.NEXTAUTH_URL ?? '').startsWith('https:');
}

export function sessionCookieName(secure: boolean) {
  return secure ? sessionCookieNames[0] : sessionCookieNames[1];
}

export interface CookieOptions {
  httpOnly: true;
  sameSite: 'lax';
  secure: boolean;
  path: string;
  maxAge: number;
}

export function cookieOptions(request: Request, maxAge: number, path = '/'): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', secure: isSecureRequest(request), path, maxAge };
}

/** Reads one cookie from a Cookie header. */
export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index === -1) continue;
    if (part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * All cookies of a Cookie header as readCookie reads them (the first of a name wins; a value that does
 * not decode reads as absent), parsed once on the first read: a request's checks read several.
 */
export function cookieReader(header: string | null | undefined): (name: string) => string | undefined {
  if (!header) return () => undefined;
  let cookies: Map<string, string | undefined> | undefined;
  return (name) => {
    if (!cookies) {
      cookies = new Map();
      for (const part of header.split(';')) {
        const index = part.indexOf('=');
        if (index === -1) continue;
        const key = part.slice(0, index).trim();
        if (cookies.has(key)) continue;
        try {
          cookies.set(key, decodeURIComponent(part.slice(index + 1).trim()));
        } catch {
          cookies.set(key, undefined);
        }
      }
    }
    return cookies.get(name);
  };
}
