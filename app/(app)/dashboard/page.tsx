import { DashboardScreen } from './dashboard-screen';

export const dynamic = 'force-dynamic';

export default function DashboardPage() {
  return <DashboardScreen path="/dashboard" />;
}
