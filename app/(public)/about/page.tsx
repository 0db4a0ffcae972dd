import type { Metadata } from 'next';
import { AboutView } from '@/components/public/about-view';
import { guardPage } from '@/lib/auth/page-guard';

export const metadata: Metadata = { title: 'About' };
export const dynamic = 'force-dynamic';

export default async function AboutPage() {
  if (!(await guardPage('/about'))) return null;
  return <AboutView />;
}
