import { requireEntitledUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { route } from '@/lib/http/route';
import { loadReportPdf } from '@/lib/reports/service';

export const dynamic = 'force-dynamic';

/** The report's PDF: an attachment, or inline (?inline=1) for the viewer's embedded frame. 409 until ready. */
export const GET = route<{ params: Promise<{ id: string }> }>(async (request, { params }) => {
  const { user } = await requireEntitledUser(db, request);
  const { id } = await params;
  const { pdf, filename } = await loadReportPdf(db, user.id, id);
  const inline = new URL(request.url).searchParams.get('inline') === '1';
  return new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename="${filename}"`,
      'Content-Length': String(pdf.byteLength),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
});
