import crypto from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import { productName } from '@/lib/brand';
import type { Db } from '@/lib/db';
import { decrypt, safeEqual, sha256 } from '../crypto';
import type { RiskAssessment } from './types';

// TOTP per RFC 6238 (SHA-1, 6 digits, 30 s steps, one step of drift either way). The accepted
// step is stored, so a code works once. Backup codes are ten random codes, stored as hashes and
// spent on use. Secrets are encrypted at rest (lib/crypto.ts).

export const totpPeriodSeconds = 30;
export const backupCodeCount = 10;
/** A setup that is not verified within this time must start again. */
export const pendingSetupTtlMs = 15 * 60 * 1000;

/** The result of checking a TOTP code: the step it matched, so it can be stored as used. */
export async function checkTotp(secret: string, code: string, lastStep: number | null, epochSeconds?: number) {
  const result = await verify({
    secret,
    token: code,
    period: totpPeriodSeconds,
    epochTolerance: totpPeriodSeconds,
    ...(lastStep !== null ? { afterTimeStep: lastStep } : {}),
    ...(epochSeconds !== undefined ? { epoch: epochSeconds } : {}),
  });
  return result.valid && 'timeStep' in result ? { valid: true as const, timeStep: result.timeStep } : { valid: false as const };
}

/** A new TOTP secret and the otpauth:// URI an authenticator app scans. */
export function newTotpSecret(accountLabel: string) {
  const secret = generateSecret({ length: 20 });
  return { secret, uri: generateURI({ issuer: productName, label: accountLabel, secret, period: totpPeriodSeconds }) };
}

/** Groups a base32 secret in fours for typing by hand. */
export function formatManualKey(secret: string) {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

/** The pending secret, if `tempSecret` is the one setup handed out and it has not gone stale. */
export function matchPendingSecret(user: { mfaPendingSecret: string | null; mfaPendingAt: Date | null }, tempSecret: string): string | null {
  if (!user.mfaPendingSecret || !user.mfaPendingAt) return null;
  if (Date.now() - user.mfaPendingAt.getTime() > pendingSetupTtlMs) return null;
  const pending = decrypt(user.mfaPendingSecret);
  return safeEqual(pending, tempSecret.replace(/\s+/g, '').toUpperCase()) ? pending : null;
}

const backupAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function newBackupCode() {
  const bytes = crypto.randomBytes(8);
  const chars = Array.from(bytes, (byte) => backupAlphabet[byte % backupAlphabet.length]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4)}`;
}

export function normalizeBackupCode(code: string) {
  return code.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

function hashBackupCode(code: string) {
  return sha256(`backup:${normalizeBackupCode(code)}`);
}

/** Replaces the user's backup codes with ten new ones and answers them in clear, once. */
export async function replaceBackupCodes(client: Pick<Db, 'backupCode'>, userId: string) {
  const codes = Array.from({ length: backupCodeCount }, newBackupCode);
  await client.backupCode.deleteMany({ where: { userId } });
  await client.backupCode.createMany({ data: codes.map((code) => ({ userId, codeHash: hashBackupCode(code) })) });
  return codes;
}

/** Spends a backup code: true only for an unused code of this user, and only once. */
export async function consumeBackupCode(db: Db, userId: string, code: string) {
  const spent = await db.backupCode.updateMany({
    where: { userId, codeHash: hashBackupCode(code), usedAt: null },
    data: { usedAt: new Date() },
  });
  return spent.count === 1;
}

export function remainingBackupCodes(db: Db, userId: string) {
  return db.backupCode.count({ where: { userId, usedAt: null } });
}

/**
 * Checks a TOTP code for a user with 2FA on and records its step, atomically: two requests
 * carrying the same code cannot both pass.
 */
export async function verifyUserTotp(db: Db, user: { id: string; mfaSecret: string | null; mfaLastStep: number | null }, code: string) {
  if (!user.mfaSecret) return false;
  const result = await checkTotp(decrypt(user.mfaSecret), code, user.mfaLastStep);
  if (!result.valid) return false;
  const claimed = await db.user.updateMany({
    where: { id: user.id, OR: [{ mfaLastStep: null }, { mfaLastStep: { lt: result.timeStep } }] },
    data: { mfaLastStep: result.timeStep },
  });
  return claimed.count === 1;
}

export interface RiskInputs {
  mfaEnabled: boolean;
  backupCodesRemaining: number;
  subscriptionStatus: string;
  role: string;
  passwordChangedAt: Date;
}

const passwordAgeLimitDays = 365;

/** The account's security risk from its real state (000 §3 risk assessment). */
export function assessRisk(inputs: RiskInputs, now = new Date()): RiskAssessment {
  const valuable = inputs.role === 'admin' || inputs.subscriptionStatus === 'active';
  const passwordAgeDays = (now.getTime() - inputs.passwordChangedAt.getTime()) / 86_400_000;
  if (!inputs.mfaEnabled) {
    return {
      riskLevel: valuable ? 'high' : 'medium',
      recommendations: {
        message: inputs.role === 'admin'
          ? 'Your administrator account is protected by a password alone. Enable two-factor authentication now.'
          : valuable
            ? 'Your account holds a paid subscription and is protected by a password alone. Enable two-factor authentication now.'
            : 'Your account is protected by a password alone. Enable two-factor authentication to secure your intelligence data.',
        benefits: [
          'Blocks sign-ins with a stolen or reused password',
          'Protects your watchlists, reports and billing details',
          'Codes from any authenticator app, even offline',
          'Backup codes keep you in if you lose your phone',
        ],
      },
    };
  }
  if (inputs.backupCodesRemaining < 3) {
    return {
      riskLevel: 'medium',
      recommendations: {
        message: `Only ${inputs.backupCodesRemaining} backup code${inputs.backupCodesRemaining === 1 ? '' : 's'} left. Generate new backup codes so you cannot be locked out.`,
        benefits: ['Recover access if your authenticator is lost', 'Old codes stop working when you regenerate'],
      },
    };
  }
  if (passwordAgeDays > passwordAgeLimitDays) {
    return {
      riskLevel: 'medium',
      recommendations: {
        message: 'Your password is more than a year old. Consider changing it.',
        benefits: ['Limits the damage of an old leak', 'Two-factor authentication stays on'],
      },
    };
  }
  return {
    riskLevel: 'low',
    recommendations: {
      message: 'Your account is well protected. Keep your backup codes somewhere safe.',
      benefits: ['Two-factor authentication is on', `${inputs.backupCodesRemaining} backup codes available`],
    },
  };
}
