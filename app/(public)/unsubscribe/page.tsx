import type { Metadata } from 'next';
import { AuthCard } from '@/components/auth/auth-card';
import { TokenActionCard } from '@/components/email/token-action-card';
import { guardPage } from '@/lib/auth/page-guard';
import { db } from '@/lib/db';
import { invalidUnsubscribeMessage, readUnsubscribeToken, unsubscribeScopeLabels } from '@/lib/mail/unsubscribe';
import type { SearchParams } from '@/lib/web/search-params';

export const metadata: Metadata = { title: 'Unsubscribe' };
export const dynamic = 'force-dynamic';

export default async function UnsubscribePage({ searchParams }: { searchParams: SearchParams }) {
  const viewer = await guardPage(db, '/unsubscribe');
  if (!viewer) return null;
  const { token } = await searchParams;
  const claim = typeof token === 'string' && token.length <= 500 ? readUnsubscribeToken(token) : null;
  if (!claim || typeof token !== 'string') {
    return <AuthCard title="Unsubscribe" description={invalidUnsubscribeMessage} footer={null}>{null}</AuthCard>;
  }
  return (
    <TokenActionCard
      title="Unsubscribe"
      description={`Stop ${unsubscribeScopeLabels[claim.scope]}? In-app notifications stay on; you can change this any time in account settings.`}
      actionLabel="Unsubscribe"
      pendingLabel="Unsubscribing..."
      endpoint={`/api/email/unsubscribe?token=${encodeURIComponent(token)}`}
      failure="Failed to unsubscribe. Please try again."
      next={viewer.user ? { href: '/settings', label: 'Notification settings' } : { href: '/login', label: 'Sign in' }}
    />
  );
}
