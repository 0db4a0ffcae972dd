import type { Metadata } from 'next';
import { DataSourcesView } from '@/components/data-sources/data-sources-view';
import { ViewDocumentationButton } from '@/components/data-sources/view-documentation-button';
import { PageHeader } from '@/components/shell/page-header';
import { isAdmin } from '@/lib/auth/admin';
import { guardPage } from '@/lib/auth/page-guard';
import { listDataSources } from '@/lib/data-sources/repository';
import { db } from '@/lib/db';

export const metadata: Metadata = { title: 'Data Sources' };
export const dynamic = 'force-dynamic';

export default async function DataSourcesPage() {
  const viewer = await guardPage(db, '/data-sources');
  if (!viewer) return null;
  const now = new Date();
  const data = await listDataSources(db, { admin: isAdmin(viewer) }, now);
  return (
    <>
      <PageHeader title="Data Sources" description="The sources behind every figure and signal, with coverage and update frequency.">
        <ViewDocumentationButton />
      </PageHeader>
      <DataSourcesView data={data} now={now} />
    </>
  );
}
