import type { Metadata } from 'next';
import { LoginForm } from '@/components/auth/login-form';
import { guardPage } from '@/lib/auth/page-guard';
import { db } from '@/lib/db';

export const metadata: Metadata = { title: 'Sign in' };
export const dynamic = 'force-dynamic';

export default async function LoginPage() {
  if (!(await guardPage(db, '/login'))) return null;
  return <LoginForm />;
}
