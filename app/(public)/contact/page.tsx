import type { Metadata } from 'next';
import { ContactDetails } from '@/components/feedback/contact-details';
import { ContactForm } from '@/components/feedback/contact-form';
import { GuardedPage } from '@/components/shell/guarded-page';

export const metadata: Metadata = { title: 'Contact Us' };
export const dynamic = 'force-dynamic';

export default function ContactPage() {
  return (
    <GuardedPage path="/contact" title="Contact Us" description="Questions, data requests or partnership ideas: our team is here to help." aside={<ContactDetails />}>
      <ContactForm />
    </GuardedPage>
  );
}
