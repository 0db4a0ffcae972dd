import { db } from '@/lib/db';
import { resetDatabase } from '@/test/support/database';
import { registeredUser } from '@/test/support/users';
import { createApiKey, findLiveKey, recordKeyUse, revokeApiKey } from './service';

// Key use is written coalesced: many concurrent uses, fewer writes, and not one use lost.

beforeAll(async () => {
  await resetDatabase();
});

it('counts every one of many concurrent uses and keeps the latest time', async () => {
  const { id: userId } = await registeredUser(true, 'key-use');
  const { key, secret } = await createApiKey(db, userId, { name: 'burst' });
  const base = Date.now();
  await Promise.all(Array.from({ length: 50 }, (_, index) => recordKeyUse(db, key.id, new Date(base + index))));
  const stored = await db.apiKey.findUniqueOrThrow({ where: { id: key.id } });
  expect(stored.useCount).toBe(50);
  expect(stored.lastUsedAt?.getTime()).toBe(base + 49);
  await recordKeyUse(db, key.id, new Date(base + 100));
  expect((await db.apiKey.findUniqueOrThrow({ where: { id: key.id } })).useCount).toBe(51);

  expect((await findLiveKey(db, secret))?.id).toBe(key.id);
  await revokeApiKey(db, userId, key.id);
  expect(await findLiveKey(db, secret)).toBeNull();
});
