import type { Metadata } from 'next';
import { PageHeader } from '@/components/shell/page-header';
import { guardPage } from '@/lib/auth/page-guard';

export const metadata: Metadata = { title: 'Checkout' };

export default async function CheckoutPage() {
  if (!(await guardPage('/checkout'))) return null;
  return <PageHeader title="Checkout" description="Complete your subscription." />;
}
