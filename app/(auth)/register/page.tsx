import type { Metadata } from 'next';
import { RegisterForm } from '@/components/auth/register-form';
import { guardPage } from '@/lib/auth/page-guard';
import { db } from '@/lib/db';

export const metadata: Metadata = { title: 'Create account' };
export const dynamic = 'force-dynamic';

export default async function RegisterPage() {
  if (!(await guardPage(db, '/register'))) return null;
  return <RegisterForm />;
}
