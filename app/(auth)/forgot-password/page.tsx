import type { Metadata } from 'next';
import { ForgotPasswordForm } from '@/components/auth/forgot-password-form';
import { guardPage } from '@/lib/auth/page-guard';
import { db } from '@/lib/db';

export const metadata: Metadata = { title: 'Forgot password' };
export const dynamic = 'force-dynamic';

export default async function ForgotPasswordPage() {
  if (!(await guardPage(db, '/forgot-password'))) return null;
  return <ForgotPasswordForm />;
}
