import { DashboardView } from '@/components/dashboard/dashboard-view';
import { isAdmin } from '@/lib/auth/admin';
import { guardPage } from '@/lib/auth/page-guard';
import { loadDashboardCached, loadFailingSourceDetails, loadRefreshStatus } from '@/lib/dashboard/repository';
import { db } from '@/lib/db';

/**
 * The dashboard at `/` and at `/dashboard`: the page guard for that path, then the cached first paint,
 * the user's refresh line and, for an admin, the technical detail behind the data-age notice.
 */
export async function DashboardScreen({ path }: { path: '/' | '/dashboard' }) {
  const viewer = await guardPage(db, path);
  if (!viewer) return null;
  const [data, refresh] = await Promise.all([loadDashboardCached(db), viewer.user ? loadRefreshStatus(db, viewer.user.id) : null]);
  const sourceDetails = isAdmin(viewer) ? await loadFailingSourceDetails(db, data.dataAge.failingSources) : [];
  return <DashboardView data={data} refresh={refresh} sourceDetails={sourceDetails} />;
}
