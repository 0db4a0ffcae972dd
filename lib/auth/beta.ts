import { setBounded } from '../bounded-map';
import { hmac, safeEqual, sha256 } from '../crypto';
import { authSecret } from '../secret';

// The private-beta gate (spec 000 §2, §4). Codes come from BETA_CODES (comma-separated) and are
// compared case-insensitively; the five demo codes below apply when it is unset. Passing the gate
// earns an httpOnly cookie `<code fingerprint>.<issued at>.<signature>`: removing a code from
// BETA_CODES closes the gate again for everyone who entered it.

export const demoBetaCodes = ['TREASURY2026', 'SATOSHI21', 'EARLYACCESS', 'HODLBETA', 'BTCINTEL'] as const;

export function betaCodes(): string[] {
  const configured = process.env.BETA_CODES;
  const list = configured === undefined || configured.trim() === '' ? [...demoBetaCodes] : configured.split(',');
  return list.map((code) => code.trim().toUpperCase()).filter(Boolean);
}

/** BETA_GATE=off opens the product without a code (after the beta ends). */
export function betaGateEnabled(): boolean {
  return !['off', 'false', '0'].includes((process.env.BETA_GATE ?? 'on').trim().toLowerCase());
}

export function isValidBetaCode(code: string): boolean {
  const candidate = code.trim().toUpperCase();
  return betaCodes().some((valid) => safeEqual(valid, candidate));
}

function fingerprint(code: string) {
  return sha256(`beta:${code.toUpperCase()}`).slice(0, 16);
}

export function issueBetaToken(code: string, now = Date.now()): string {
  const payload = `${fingerprint(code)}.${Math.floor(now / 1000)}`;
  return `${payload}.${hmac('beta-cookie', payload)}`;
}

// Every signed-in read checks the beta cookie, and a browser sends the same one with every poll: a
// token that verified is remembered, with what it was verified against (the secret and BETA_CODES as
// they read then). The age is still checked on every call, and a changed secret or code list verifies
// afresh, so removing a code closes the gate on the next request as before.
const verifiedTokens = new Map<string, { against: string; issued: number }>();
const maxVerifiedTokens = 10_000;

export function verifyBetaToken(token: string | undefined, maxAgeSeconds: number, now = Date.now()): boolean {
  if (!token) return false;
  const against = `${authSecret()}\u0000${process.env.BETA_CODES ?? ''}`;
  const known = verifiedTokens.get(token);
  if (known && known.against === against) return ageAllowed(now, known.issued, maxAgeSeconds);
  const [print, issued, signature] = token.split('.');
  if (!print || !issued || !signature) return false;
  if (!safeEqual(signature, hmac('beta-cookie', `${print}.${issued}`))) return false;
  if (!ageAllowed(now, Number(issued), maxAgeSeconds)) return false;
  if (!betaCodes().some((code) => fingerprint(code) === print)) return false;
  setBounded(verifiedTokens, token, { against, issued: Number(issued) }, maxVerifiedTokens);
  return true;
}

function ageAllowed(now: number, issued: number, maxAgeSeconds: number): boolean {
  const age = now / 1000 - issued;
  return Number.isFinite(age) && age >= -60 && age <= maxAgeSeconds;
}
