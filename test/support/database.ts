import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/sqlite/client';

/** Empties every table, so each test starts from a known state. */
export async function resetDatabase() {
  for (const model of Object.values(Prisma.ModelName)) {
    await db.$executeRawUnsafe(`DELETE FROM "${model}"`);
  }
}
