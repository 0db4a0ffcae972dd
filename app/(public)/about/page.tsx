import type { Metadata } from 'next';
import { AboutView } from '@/components/public/about-view';
import { guardPage } from '@/lib/auth/page-guard';
import { listDataSources } from '@/lib/data-sources/repository';
import { db } from '@/lib/db';

export const metadata: Metadata = { title: 'About' };
export const dynamic = 'force-dynamic';

export default async function AboutPage() {
  if (!(await guardPage(db, '/about'))) return null;
  const [companiesTracked, sources] = await Promise.all([db.company.count(), listDataSources(db, { admin: false })]);
  return <AboutView counts={{ companiesTracked, dataSources: sources.sources.filter((source) => source.state !== 'planned').length }} />;
}
