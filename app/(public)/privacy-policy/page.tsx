import type { Metadata } from 'next';
import { PrivacyPolicy } from '@/components/public/privacy-policy';
import { guardPage } from '@/lib/auth/page-guard';

export const metadata: Metadata = { title: 'Privacy Policy' };
export const dynamic = 'force-dynamic';

export default async function PrivacyPolicyPage() {
  if (!(await guardPage('/privacy-policy'))) return null;
  return <PrivacyPolicy />;
}
