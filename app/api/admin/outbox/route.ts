import { isAdminUser } from '@/lib/auth/admin';
import { requireUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { AppError } from '@/lib/http/errors';
import { readQuery } from '@/lib/http/query';
import { privateJson, route } from '@/lib/http/route';
import { listOutbox, outboxQuerySchema } from '@/lib/mail/outbox';

export const dynamic = 'force-dynamic';

/** The queued and sent mail, for administrators only: anyone else is told there is nothing here. */
export const GET = route(async (request) => {
  const { user } = await requireUser(db, request);
  if (!isAdminUser(user)) throw new AppError('not_found', 'There is no API endpoint at this path.');
  const query = readQuery(request, outboxQuerySchema);
  return privateJson(await listOutbox(db, query));
});
