import type { Metadata } from 'next';
import { PrivacyPolicy } from '@/components/public/privacy-policy';
import { guardPage } from '@/lib/auth/page-guard';
import { db } from '@/lib/db';

export const metadata: Metadata = { title: 'Privacy Policy' };
export const dynamic = 'force-dynamic';

export default async function PrivacyPolicyPage() {
  if (!(await guardPage(db, '/privacy-policy'))) return null;
  return <PrivacyPolicy />;
}
