import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

// NEXTAUTH_SECRET signs sessions and the beta cookie and keys the encryption of TOTP secrets.
// Outside production a fixed development value keeps `npm run dev` zero-config; a production
// server without one gets a random secret persisted next to the SQLite file (server.ts calls
// ensureAuthSecret before Next loads), so restarts keep sessions. Hosted deploys must set it.

const developmentSecret = 'development-only-secret-do-not-use-in-production-0000';

export function authSecret(): string {
  const configured = process.env.NEXTAUTH_SECRET?.trim();
  if (configured) return configured;
  if (process.env.NODE_ENV !== 'production') return developmentSecret;
  try {
    ensureAuthSecret();
  } catch (error) {
    throw new Error(`NEXTAUTH_SECRET is not set and .data/auth-secret cannot be written (${String(error)}). Set NEXTAUTH_SECRET to a random value of 32 bytes or more (openssl rand -base64 32).`);
  }
  return process.env.NEXTAUTH_SECRET!;
}

/** Fills NEXTAUTH_SECRET from `<dataDir>/auth-secret`, creating that file on first start. */
export function ensureAuthSecret(dataDir = path.resolve('.data')): void {
  if (process.env.NEXTAUTH_SECRET?.trim()) return;
  const file = path.join(dataDir, 'auth-secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    try {
      fs.writeFileSync(file, crypto.randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another process created it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  process.env.NEXTAUTH_SECRET = fs.readFileSync(file, 'utf8').trim();
}
