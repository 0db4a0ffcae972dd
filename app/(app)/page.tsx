import { DashboardView } from '@/components/dashboard/dashboard-view';
import { guardPage } from '@/lib/auth/page-guard';

export const dynamic = 'force-dynamic';

export default async function DashboardPage() {
  if (!(await guardPage('/'))) return null;
  return <DashboardView />;
}
