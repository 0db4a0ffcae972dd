import { DashboardView } from '@/components/dashboard/dashboard-view';
import { guardPage } from '@/lib/auth/page-guard';
import { loadDashboardCached } from '@/lib/dashboard/repository';
import { db } from '@/lib/db';

export const dynamic = 'force-dynamic';

export default async function DashboardPage() {
  if (!(await guardPage(db, '/'))) return null;
  return <DashboardView data={await loadDashboardCached(db)} />;
}
