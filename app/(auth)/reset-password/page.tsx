import type { Metadata } from 'next';
import Link from 'next/link';
import { AuthCard } from '@/components/auth/auth-card';
import { ResetPasswordForm } from '@/components/auth/reset-password-form';
import { guardPage } from '@/lib/auth/page-guard';
import { findResetToken, resetLinkInvalidMessage } from '@/lib/auth/password-reset';
import { db } from '@/lib/db';
import type { SearchParams } from '@/lib/web/search-params';

export const metadata: Metadata = { title: 'Choose a new password' };
export const dynamic = 'force-dynamic';

export default async function ResetPasswordPage({ searchParams }: { searchParams: SearchParams }) {
  if (!(await guardPage(db, '/reset-password'))) return null;
  const { token } = await searchParams;
  const valid = typeof token === 'string' && token.length <= 200 && !token.includes('\u0000') && (await findResetToken(db, token)) !== null;
  if (!valid) {
    return (
      <AuthCard
        title="Link expired"
        description={resetLinkInvalidMessage}
        footer={
          <Link href="/login" className="font-medium text-primary underline-offset-4 hover:underline">
            Back to sign in
          </Link>
        }
      >
        <Link href="/forgot-password" className="inline-flex h-9 w-full items-center justify-center rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground hover:bg-primary/90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
          Request a new link
        </Link>
      </AuthCard>
    );
  }
  return <ResetPasswordForm token={token} />;
}
