import type { Metadata } from 'next';
import { SecurityView } from '@/components/security/security-view';
import { guardPage } from '@/lib/auth/page-guard';
import { db } from '@/lib/db';

export const metadata: Metadata = { title: 'Security Settings' };
export const dynamic = 'force-dynamic';

export default async function SecurityPage() {
  if (!(await guardPage(db, '/security'))) return null;
  return <SecurityView />;
}
