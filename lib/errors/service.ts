import type { Db } from '@/lib/db';
import type { ClientErrorInput } from './schema';

export async function recordClientError(db: Db, input: ClientErrorInput, userAgent: string | null) {
  return db.clientErrorReport.create({
    data: { ...input, userAgent: userAgent?.slice(0, 500) ?? null },
    select: { id: true, referenceId: true },
  });
}
