import type { Metadata } from 'next';
import { PageHeader } from '@/components/shell/page-header';

export const metadata: Metadata = { title: 'Payment Successful' };

export default function PaymentSuccessPage() {
  return <PageHeader title="Payment Successful" description="Your payment was received." />;
}
