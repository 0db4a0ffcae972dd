import { DashboardView } from '@/components/dashboard/dashboard-view';

export const dynamic = 'force-dynamic';

export default function DashboardPage() {
  return <DashboardView />;
}
