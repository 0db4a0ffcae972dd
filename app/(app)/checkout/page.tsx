import type { Metadata } from 'next';
import { PageHeader } from '@/components/shell/page-header';

export const metadata: Metadata = { title: 'Checkout' };

export default function CheckoutPage() {
  return <PageHeader title="Checkout" description="Complete your subscription." />;
}
