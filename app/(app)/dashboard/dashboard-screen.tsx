import { DashboardView } from '@/components/dashboard/dashboard-view';
import { guardPage } from '@/lib/auth/page-guard';
import { loadDashboardCached, loadRefreshStatus } from '@/lib/dashboard/repository';
import { db } from '@/lib/db';

/** The dashboard at `/` and at `/dashboard`: the page guard for that path, then the cached first paint and the user's refresh line. */
export async function DashboardScreen({ path }: { path: '/' | '/dashboard' }) {
  const viewer = await guardPage(db, path);
  if (!viewer) return null;
  const [data, refresh] = await Promise.all([loadDashboardCached(db), viewer.user ? loadRefreshStatus(db, viewer.user.id) : null]);
  return <DashboardView data={data} refresh={refresh} />;
}
