import type { Metadata } from 'next';
import { RegisterForm } from '@/components/auth/register-form';
import { guardPage } from '@/lib/auth/page-guard';

export const metadata: Metadata = { title: 'Create account' };
export const dynamic = 'force-dynamic';

export default async function RegisterPage() {
  if (!(await guardPage('/register'))) return null;
  return <RegisterForm />;
}
