import { DashboardScreen } from './dashboard/dashboard-screen';

export const dynamic = 'force-dynamic';

export default function HomePage() {
  return <DashboardScreen path="/" />;
}
