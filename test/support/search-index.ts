import { db } from '@/lib/db';
import { recentSearchIndexes } from '@/lib/signals/search-index';

/** Leaves Signal without a recent search index, as a database the scheduler has not reached yet. */
export async function dropRecentSearchIndexes() {
  for (const { name } of await recentSearchIndexes(db)) await db.$executeRawUnsafe(`DROP INDEX IF EXISTS "${name}"`);
}
