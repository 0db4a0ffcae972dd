import Link from 'next/link';
import { redirect } from 'next/navigation';
import { getPageViewer } from '@/lib/auth/page-guard';
import { db } from '@/lib/db';

// An unknown path follows the access table too: signed out → sign-in, unsubscribed → plans,
// and only a subscribed (or beta) user sees the 404 screen.
export default async function NotFound() {
  const viewer = await getPageViewer(db);
  if (viewer.betaPassed && viewer.state === 'signed-out') redirect('/login');
  if (viewer.betaPassed && viewer.state === 'unsubscribed') redirect('/subscription');
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-4 text-center">
      <p className="text-6xl font-bold text-primary">404</p>
      <h1 className="text-2xl font-semibold">404 Page Not Found</h1>
      <p className="text-muted-foreground">The page you are looking for does not exist or has moved.</p>
      <Link href="/" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
        Go to the dashboard
      </Link>
    </div>
  );
}
