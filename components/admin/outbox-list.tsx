import { Inbox } from 'lucide-react';
import Link from 'next/link';
import type { listOutboxPage } from '@/lib/mail/outbox';
import { cn } from '@/lib/utils';
import { OutboxStatus } from './outbox-status';
import { outboxTime } from './outbox-time';

type OutboxPage = Awaited<ReturnType<typeof listOutboxPage>>;

const pageHref = (page: number) => (page > 1 ? `/admin/outbox?page=${page}` : '/admin/outbox');

/** The queue, newest first: each mail a link to its bodies; pages of 25 with newer/older links. */
export function OutboxList({ list, selectedId }: { list: OutboxPage; selectedId: string | null }) {
  if (!list.total) {
    return (
      <section aria-labelledby="outbox-list-title" className="flex min-w-0 flex-col items-center gap-2 rounded-xl border border-dashed p-8 text-center" data-testid="outbox-empty">
        <Inbox className="size-8 text-muted-foreground" aria-hidden="true" />
        <h2 id="outbox-list-title" className="font-semibold">
          No mail yet
        </h2>
        <p className="text-sm text-muted-foreground">Mail appears here as soon as the product queues it: a password reset, an address to verify, an alert or a report.</p>
      </section>
    );
  }
  return (
    <section aria-labelledby="outbox-list-title" className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="outbox-list-title" className="font-semibold">
          Queue
        </h2>
        <p className="text-sm text-muted-foreground" data-testid="outbox-count">
          {list.total.toLocaleString('en-US')} {list.total === 1 ? 'mail' : 'mails'} · page {list.page} of {list.pages}
        </p>
      </div>
      <ul className="flex flex-col gap-2" data-testid="outbox-list">
        {list.entries.map((entry) => {
          const selected = entry.id === selectedId;
          return (
            <li key={entry.id}>
              <Link
                href={`/admin/outbox?${new URLSearchParams({ ...(list.page > 1 ? { page: String(list.page) } : {}), mail: entry.id })}`}
                aria-current={selected ? 'true' : undefined}
                className={cn(
                  'flex min-w-0 flex-col gap-1 rounded-lg border p-3 text-sm transition-colors hover:bg-muted/50 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                  selected && 'border-primary bg-muted/60',
                )}
                data-testid="outbox-entry"
              >
                <span className="flex min-w-0 items-start justify-between gap-2">
                  <span className="font-medium wrap-anywhere">{entry.subject}</span>
                  <OutboxStatus status={entry.status} />
                </span>
                <span className="text-muted-foreground wrap-anywhere">To {entry.to}</span>
                <span className="text-xs text-muted-foreground">
                  {entry.kind} · queued {outboxTime(entry.createdAt)}
                  {entry.sentAt ? ` · sent ${outboxTime(entry.sentAt)}` : ''}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
      {list.pages > 1 && (
        <nav aria-label="Outbox pages" className="flex items-center justify-between gap-2 text-sm">
          {list.page > 1 ? (
            <Link className="rounded-md px-2 py-1 underline-offset-4 hover:underline" href={pageHref(list.page - 1)}>
              ← Newer
            </Link>
          ) : (
            <span />
          )}
          {list.page < list.pages && (
            <Link className="rounded-md px-2 py-1 underline-offset-4 hover:underline" href={pageHref(list.page + 1)}>
              Older →
            </Link>
          )}
        </nav>
      )}
    </section>
  );
}
