import { PaymentDocumentGuard } from '@/components/security/payment-document-guard';
import { PageHeader } from '@/components/shell/page-header';
import { guardPage } from '@/lib/auth/page-guard';
import { db } from '@/lib/db';
import { providerSources } from '@/lib/web/security-headers';

/**
 * A page under the access table: the guard for `path` first (redirect, 404 or nothing while the beta gate
 * is closed), then the page's header and content. `aside` puts the content in a wide column beside it; a
 * payment page reloads into the payment pages' security policy when a client-side navigation brought it.
 */
export async function GuardedPage({ path, title, description, aside, isPaymentPage = false, children }: {
  path: string;
  title: string;
  description: string;
  aside?: React.ReactNode;
  isPaymentPage?: boolean;
  children: React.ReactNode;
}) {
  if (!(await guardPage(db, path))) return null;
  return (
    <>
      {isPaymentPage && <PaymentDocumentGuard isNeeded={providerSources().script.length > 0} />}
      <PageHeader title={title} description={description} />
      {aside ? (
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="lg:col-span-2">{children}</div>
          {aside}
        </div>
      ) : (
        children
      )}
    </>
  );
}
