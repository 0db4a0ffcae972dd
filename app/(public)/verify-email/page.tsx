import type { Metadata } from 'next';
import { TokenActionCard } from '@/components/email/token-action-card';
import { guardPage } from '@/lib/auth/page-guard';
import { db } from '@/lib/db';
import type { SearchParams } from '@/lib/web/search-params';

export const metadata: Metadata = { title: 'Confirm your email' };
export const dynamic = 'force-dynamic';

export default async function VerifyEmailPage({ searchParams }: { searchParams: SearchParams }) {
  const viewer = await guardPage(db, '/verify-email');
  if (!viewer) return null;
  const { token } = await searchParams;
  return (
    <TokenActionCard
      title="Confirm your email"
      description="Confirm this address to receive alerts and scheduled reports by email."
      actionLabel="Confirm my address"
      pendingLabel="Confirming..."
      endpoint="/api/auth/verify-email"
      body={{ token: typeof token === 'string' ? token : '' }}
      failure="Failed to confirm your address. Please try again."
      next={viewer.user ? { href: '/settings', label: 'Go to account settings' } : { href: '/login', label: 'Sign in' }}
    />
  );
}
