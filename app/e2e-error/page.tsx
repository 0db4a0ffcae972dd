import { notFound } from 'next/navigation';
import { Thrower } from './thrower';

export const dynamic = 'force-dynamic';

// Exercises the error boundary in end-to-end tests; absent unless the server runs with ENABLE_TEST_ROUTES=1.
export default function ErrorTestPage() {
  if (process.env.ENABLE_TEST_ROUTES !== '1') notFound();
  return <Thrower />;
}
