import type { Metadata } from 'next';
import { TermsOfService } from '@/components/public/terms-of-service';
import { guardPage } from '@/lib/auth/page-guard';
import { db } from '@/lib/db';

export const metadata: Metadata = { title: 'Terms of Service' };
export const dynamic = 'force-dynamic';

export default async function TermsOfServicePage() {
  if (!(await guardPage(db, '/terms-of-service'))) return null;
  return <TermsOfService />;
}
