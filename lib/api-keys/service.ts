import type { Db } from '@/lib/db';
import type { ApiKeyDto, CreateApiKeyInput } from './schema';
import { generateSecret, hashSecret, looksLikeKey, visiblePrefix } from './secret';

// Personal API keys. Every request looks its key up by hash in the database: no process keeps a
// copy, so a revocation holds on the next request on every instance.

const day = 86_400_000;
/** Active keys per user; enough for a notebook, a spreadsheet and a few services. */
export const maxActiveKeys = 10;

type KeyRow = Awaited<ReturnType<Db['apiKey']['findMany']>>[number];

function statusOf(key: Pick<KeyRow, 'revokedAt' | 'expiresAt'>, now = new Date()): ApiKeyDto['status'] {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt && key.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

function toApiKeyDto(key: KeyRow, now = new Date()): ApiKeyDto {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    createdAt: key.createdAt.toISOString(),
    expiresAt: key.expiresAt?.toISOString() ?? null,
    revokedAt: key.revokedAt?.toISOString() ?? null,
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    useCount: key.useCount,
    status: statusOf(key, now),
  };
}

export async function listApiKeys(db: Db, userId: string): Promise<ApiKeyDto[]> {
  const keys = await db.apiKey.findMany({ where: { userId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
  return keys.map((key) => toApiKeyDto(key));
}

export async function countActiveKeys(db: Db, userId: string, now = new Date()) {
  return db.apiKey.count({ where: { userId, revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] } });
}

/** Creates a key; the secret is in the answer and nowhere else, ever. */
export async function createApiKey(db: Db, userId: string, input: CreateApiKeyInput, now = new Date()) {
  const secret = generateSecret();
  const key = await db.apiKey.create({
    data: {
      userId,
      name: input.name,
      prefix: visiblePrefix(secret),
      secretHash: hashSecret(secret),
      expiresAt: input.expiresInDays ? new Date(now.getTime() + input.expiresInDays * day) : null,
    },
  });
  return { key: toApiKeyDto(key, now), secret };
}

/** Revokes the owner's key; false when the user has no such key (someone else's is a 404). */
export async function revokeApiKey(db: Db, userId: string, id: string, now = new Date()): Promise<ApiKeyDto | null> {
  const key = await db.apiKey.findFirst({ where: { id, userId } });
  if (!key) return null;
  if (key.revokedAt) return toApiKeyDto(key, now);
  return toApiKeyDto(await db.apiKey.update({ where: { id }, data: { revokedAt: now } }), now);
}

/** The live key a bearer token names and its owner, or null (unknown, revoked or expired). */
export async function findLiveKey(db: Db, token: string, now = new Date()) {
  if (!looksLikeKey(token)) return null;
  const key = await db.apiKey.findUnique({ where: { secretHash: hashSecret(token) }, include: { user: true } });
  if (!key || statusOf(key, now) !== 'active') return null;
  return key;
}

// Uses waiting to be written, and the write in flight, per key. Concurrent requests of one key would
// otherwise queue on the row's lock (one UPDATE each); instead the uses that arrive while a write
// runs are added up and written by the next one. Each request still resolves only once a write
// holding its use has finished, so the count the owner sees is never behind an answered request.
const pendingUses = new Map<string, { count: number; lastUsedAt: Date }>();
const writesInFlight = new Map<string, Promise<void>>();

function flushUses(db: Db, id: string): Promise<void> {
  const running = writesInFlight.get(id);
  if (running) return running.then(() => (pendingUses.has(id) ? flushUses(db, id) : undefined));
  const uses = pendingUses.get(id);
  if (!uses) return Promise.resolve();
  pendingUses.delete(id);
  const write = db.apiKey
    .update({ where: { id }, data: { lastUsedAt: uses.lastUsedAt, useCount: { increment: uses.count } } })
    .then(() => undefined)
    .finally(() => writesInFlight.delete(id));
  writesInFlight.set(id, write);
  return write;
}

/** Counts one use of a key and records when; resolves once it is written. */
export function recordKeyUse(db: Db, id: string, now = new Date()): Promise<void> {
  const uses = pendingUses.get(id);
  if (uses) {
    uses.count += 1;
    if (now > uses.lastUsedAt) uses.lastUsedAt = now;
  } else pendingUses.set(id, { count: 1, lastUsedAt: now });
  return flushUses(db, id);
}
