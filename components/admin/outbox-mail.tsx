import Link from 'next/link';
import type { OutboxMail } from '@/lib/mail/outbox';
import { OutboxStatus } from './outbox-status';
import { outboxTime } from './outbox-time';

/**
 * One mail as QA reads it: the plain text (links copyable), and the HTML in a frame sandboxed with no
 * permissions at all, so nothing in a mail runs script, submits a form or reaches this page.
 */
export function OutboxMailView({ mail, backHref }: { mail: OutboxMail | null; backHref: string }) {
  return (
    <section aria-labelledby="outbox-mail-title" className="order-first flex min-w-0 flex-col gap-4 rounded-xl border p-4 lg:order-none" data-testid="outbox-mail">
      <Link href={backHref} className="text-sm text-muted-foreground underline-offset-4 hover:underline lg:hidden">
        ← All mail
      </Link>
      {!mail ? (
        <>
          <h2 id="outbox-mail-title" className="font-semibold">
            Mail not found
          </h2>
          <p className="text-sm text-muted-foreground">No mail in the outbox has this link&apos;s id; it may have been removed. Choose one from the list.</p>
        </>
      ) : (
        <>
          <div className="flex min-w-0 flex-col gap-2">
            <h2 id="outbox-mail-title" className="text-lg font-semibold wrap-anywhere">
              {mail.subject}
            </h2>
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
              <dt className="text-muted-foreground">To</dt>
              <dd className="wrap-anywhere" data-testid="outbox-mail-to">
                {mail.to}
              </dd>
              <dt className="text-muted-foreground">Kind</dt>
              <dd>{mail.kind}</dd>
              <dt className="text-muted-foreground">Status</dt>
              <dd>
                <OutboxStatus status={mail.status} />
                {mail.attempts > 0 && <span className="ml-2 text-muted-foreground">{mail.attempts === 1 ? '1 attempt' : `${mail.attempts} attempts`}</span>}
              </dd>
              <dt className="text-muted-foreground">Queued</dt>
              <dd>{outboxTime(mail.createdAt)}</dd>
              <dt className="text-muted-foreground">Sent</dt>
              <dd>{mail.sentAt ? outboxTime(mail.sentAt) : 'not yet'}</dd>
              {mail.lastError && (
                <>
                  <dt className="text-muted-foreground">Last error</dt>
                  <dd className="font-mono text-xs wrap-anywhere">{mail.lastError}</dd>
                </>
              )}
            </dl>
          </div>
          <div className="flex min-w-0 flex-col gap-2">
            <h3 className="text-sm font-semibold">Text</h3>
            <pre className="max-h-96 overflow-auto rounded-md bg-muted p-3 text-xs whitespace-pre-wrap wrap-anywhere" tabIndex={0} aria-label="Text body" data-testid="outbox-mail-text">
              {mail.text}
            </pre>
          </div>
          <div className="flex min-w-0 flex-col gap-2">
            <h3 className="text-sm font-semibold">HTML</h3>
            {/* sandbox="" grants nothing: no script, no forms, no same-origin access, no top navigation. */}
            <iframe
              title={`HTML body of “${mail.subject}”`}
              sandbox=""
              srcDoc={mail.html}
              referrerPolicy="no-referrer"
              className="h-[28rem] w-full rounded-md border bg-white"
              data-testid="outbox-mail-html"
            />
          </div>
        </>
      )}
    </section>
  );
}
