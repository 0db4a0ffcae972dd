import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { OutboxList } from '@/components/admin/outbox-list';
import { OutboxMailView } from '@/components/admin/outbox-mail';
import { PageHeader } from '@/components/shell/page-header';
import { isAdmin } from '@/lib/auth/admin';
import { guardPage } from '@/lib/auth/page-guard';
import { db } from '@/lib/db';
import { getOutboxMail, listOutboxPage } from '@/lib/mail/outbox';
import { type SearchParams, singleParam } from '@/lib/web/search-params';

export const metadata: Metadata = { title: 'Mail outbox' };
export const dynamic = 'force-dynamic';

/**
 * The mail queue for admins (issue 28): what QA reads where no SMTP server delivers, newest first,
 * and one mail's bodies. Anyone else gets the 404 screen, as GET /api/admin/outbox answers 404.
 */
export default async function OutboxPage({ searchParams }: { searchParams: SearchParams }) {
  const viewer = await guardPage(db, '/admin/outbox');
  if (!viewer) return null;
  if (!isAdmin(viewer)) notFound();
  const query = await searchParams;
  const requestedPage = Number.parseInt(singleParam(query.page) ?? '1', 10);
  const mailId = singleParam(query.mail)?.trim() || null;
  const [list, mail] = await Promise.all([listOutboxPage(db, Number.isFinite(requestedPage) ? requestedPage : 1), mailId ? getOutboxMail(db, mailId) : null]);
  return (
    <>
      <PageHeader title="Mail outbox" description="Every mail the product queued or sent, newest first: password resets, verification, alerts, reports and digests. Admins only." />
      <div className="grid min-w-0 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <OutboxList list={list} selectedId={mail?.id ?? null} />
        {mailId && <OutboxMailView mail={mail} backHref={list.page > 1 ? `/admin/outbox?page=${list.page}` : '/admin/outbox'} />}
      </div>
    </>
  );
}
