import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/sqlite/client';
import { seedAll } from '@/prisma/seed/seed-all';

/** Empties every table, so each test starts from a known state. */
export async function resetDatabase() {
  for (const model of Object.values(Prisma.ModelName)) {
    await db.$executeRawUnsafe(`DELETE FROM "${model}"`);
  }
}

/** Empties every table, then stores the demo seed (prisma/seed): for tests that read realistic data. */
export async function resetToSeed() {
  await resetDatabase();
  await seedAll(db);
}
