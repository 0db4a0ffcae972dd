import { DashboardView } from '@/components/dashboard/dashboard-view';
import { guardPage } from '@/lib/auth/page-guard';
import { loadDashboardCached, loadRefreshStatus } from '@/lib/dashboard/repository';
import { db } from '@/lib/db';

export const dynamic = 'force-dynamic';

export default async function DashboardPage() {
  const viewer = await guardPage(db, '/dashboard');
  if (!viewer) return null;
  const [data, refresh] = await Promise.all([loadDashboardCached(db), viewer.user ? loadRefreshStatus(db, viewer.user.id) : null]);
  return <DashboardView data={data} refresh={refresh} />;
}
