import { requireEntitledUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { AppError } from '@/lib/http/errors';
import { privateJson, route } from '@/lib/http/route';
import { getCompanyDetail } from '@/lib/treasury/repository';
import { resolveCompanyId } from '@/lib/treasury/slugs';

export const dynamic = 'force-dynamic';

/** One company with its holdings history, mNAV history, audit trail of changes and signals. */
export const GET = route<{ params: Promise<{ id: string }> }>(async (request, { params }) => {
  await requireEntitledUser(db, request);
  const { id } = await params;
  const company = await getCompanyDetail(db, await resolveCompanyId(db, id));
  if (!company) throw new AppError('not_found', 'Company not found');
  return privateJson(company);
});
