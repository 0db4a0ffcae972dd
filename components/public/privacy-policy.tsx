import { productName, supportEmail } from '@/lib/brand';
import { LegalDocument, type LegalSection } from './legal-document';

const sections: LegalSection[] = [
  {
    title: 'Information We Collect',
    body: (
      <ul className="list-disc space-y-1 pl-5">
        <li>Account information: your name, email address and password (stored only as a salted hash).</li>
        <li>Subscription and billing records; card details are handled by our payment processors, not stored by us.</li>
        <li>Usage information such as pages visited, signals and reports viewed, and device and browser details.</li>
        <li>Messages and suggestions you send us.</li>
      </ul>
    ),
  },
  {
    title: 'How We Use Your Information',
    body: (
      <ul className="list-disc space-y-1 pl-5">
        <li>To provide, secure and improve the Service.</li>
        <li>To manage your subscription and send you service and security notices.</li>
        <li>To answer your support requests and review your suggestions.</li>
      </ul>
    ),
  },
  {
    title: 'Sharing',
    body: (
      <p>
        We do not sell your personal data. We share it only with processors that help us run the Service (hosting, payments, email) under contracts
        that protect it, or when the law requires us to.
      </p>
    ),
  },
  {
    title: 'Data Security',
    body: (
      <p>
        We use encryption in transit, hashed passwords, optional two-factor authentication and restricted internal access. No system is perfectly
        secure, so please use a strong password and enable two-factor authentication.
      </p>
    ),
  },
  {
    title: 'Data Retention',
    body: (
      <p>
        We keep your data while your account is active. Your personal data is deleted within 30 days of cancellation, except records we must keep
        by law (such as invoices).
      </p>
    ),
  },
  {
    title: 'Your Rights',
    body: (
      <p>
        You may ask to access, correct, export or delete your personal data by emailing {supportEmail}. We respond to requests within 5 business
        days.
      </p>
    ),
  },
  {
    title: 'Cookies',
    body: (
      <p>
        We use essential cookies to keep you signed in and to remember your beta access, and local storage for preferences such as your theme. We
        do not use advertising cookies.
      </p>
    ),
  },
  {
    title: 'Age Requirement',
    body: <p>The Service is intended for professionals. You must be at least 18 years old to use it, and we do not knowingly collect data from minors.</p>,
  },
  {
    title: 'Changes to This Policy',
    body: <p>We will post any change to this policy on this page and update the date above; material changes are also announced by email.</p>,
  },
  {
    title: 'Contact',
    body: (
      <p>
        Privacy questions or requests:{' '}
        <a href={`mailto:${supportEmail}`} className="text-primary underline underline-offset-4">
          {supportEmail}
        </a>
        .
      </p>
    ),
  },
];

export function PrivacyPolicy() {
  return (
    <LegalDocument
      title="Privacy Policy"
      intro={<p>This policy explains what personal data {productName} collects, why, and the choices you have.</p>}
      sections={sections}
    />
  );
}
