import type { Metadata } from 'next';
import { ContactDetails } from '@/components/feedback/contact-details';
import { ContactForm } from '@/components/feedback/contact-form';
import { PageHeader } from '@/components/shell/page-header';
import { guardPage } from '@/lib/auth/page-guard';
import { db } from '@/lib/db';

export const metadata: Metadata = { title: 'Contact Us' };
export const dynamic = 'force-dynamic';

export default async function ContactPage() {
  if (!(await guardPage(db, '/contact'))) return null;
  return (
    <>
      <PageHeader title="Contact Us" description="Questions, data requests or partnership ideas: our team is here to help." />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <ContactForm />
        </div>
        <ContactDetails />
      </div>
    </>
  );
}
