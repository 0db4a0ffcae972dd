import { requireEntitledUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { route } from '@/lib/http/route';
import { buildSignalInvestigation } from '@/lib/reports/signal-investigation';

export const dynamic = 'force-dynamic';

/** The signal investigation PDF of the Investigation dialog's Export Report. */
export const GET = route<{ params: Promise<{ id: string }> }>(async (request, { params }) => {
  await requireEntitledUser(db, request);
  const { id } = await params;
  const { pdf, filename } = await buildSignalInvestigation(db, id);
  return new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'private, no-store',
    },
  });
});
