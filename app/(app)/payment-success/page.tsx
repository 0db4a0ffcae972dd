import type { Metadata } from 'next';
import { PageHeader } from '@/components/shell/page-header';
import { guardPage } from '@/lib/auth/page-guard';

export const metadata: Metadata = { title: 'Payment Successful' };

export default async function PaymentSuccessPage() {
  if (!(await guardPage('/payment-success'))) return null;
  return <PageHeader title="Payment Successful" description="Your payment was received." />;
}
