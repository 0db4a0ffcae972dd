import { productName, supportEmail } from '@/lib/brand';
import { LegalDocument, type LegalSection } from './legal-document';

const sections: LegalSection[] = [
  {
    title: 'Acceptance of Terms',
    body: (
      <p>
        By creating an account or using {productName} (the &quot;Service&quot;), you agree to these Terms of Service. If you do not agree, do not
        use the Service.
      </p>
    ),
  },
  {
    title: 'Description of Service',
    body: (
      <p>
        The Service provides research and analytics on public companies that hold or adopt Bitcoin as a treasury asset, including holdings data,
        SEC filing signals, risk assessments, reports and alerts. Access to some features depends on your subscription tier.
      </p>
    ),
  },
  {
    title: 'Accounts and Security',
    body: (
      <ul className="list-disc space-y-1 pl-5">
        <li>You must provide accurate information when you register and keep it up to date.</li>
        <li>You are responsible for keeping your password and two-factor credentials confidential.</li>
        <li>Accounts are personal and may not be shared, resold or transferred.</li>
        <li>Tell us promptly at {supportEmail} if you suspect unauthorized use of your account.</li>
      </ul>
    ),
  },
  {
    title: 'Subscriptions and Billing',
    body: (
      <p>
        Paid plans are billed in advance for each billing period and renew automatically until cancelled. You may cancel at any time; your access
        continues until the end of the period already paid. Fees are non-refundable except where the law requires otherwise.
      </p>
    ),
  },
  {
    title: 'Acceptable Use',
    body: (
      <ul className="list-disc space-y-1 pl-5">
        <li>Do not scrape, copy in bulk or redistribute data from the Service without our written permission.</li>
        <li>Do not attempt to break, probe or overload the Service or other users&apos; accounts.</li>
        <li>Do not use the Service for any unlawful purpose, including market manipulation.</li>
      </ul>
    ),
  },
  {
    title: 'Not Investment Advice',
    body: (
      <p>
        Information in the Service is provided for research purposes only. It is not investment, legal, tax or financial advice, and no content is a
        recommendation to buy or sell any security or digital asset. Make your own decisions and consult a qualified advisor.
      </p>
    ),
  },
  {
    title: 'Intellectual Property',
    body: (
      <p>
        The Service, its software, scores, reports and compilations of data belong to us or our licensors. We grant you a limited, non-exclusive,
        non-transferable license to use them for your internal research while your account is in good standing.
      </p>
    ),
  },
  {
    title: 'Disclaimers and Limitation of Liability',
    body: (
      <p>
        The Service is provided &quot;as is&quot;. Data comes from public filings and third-party sources and may be delayed, incomplete or
        inaccurate. To the fullest extent permitted by law, we are not liable for indirect or consequential losses, or for any trading losses
        arising from your use of the Service.
      </p>
    ),
  },
  {
    title: 'Termination',
    body: (
      <p>
        We may suspend or close accounts that breach these Terms. You may close your account at any time by contacting support.
      </p>
    ),
  },
  {
    title: 'Changes to These Terms',
    body: (
      <p>
        We may update these Terms from time to time. We will give you at least 30 days notice of material changes by email or in the Service.
        Continuing to use the Service after changes take effect means you accept them.
      </p>
    ),
  },
  {
    title: 'Contact',
    body: (
      <p>
        Questions about these Terms? Email{' '}
        <a href={`mailto:${supportEmail}`} className="text-primary underline underline-offset-4">
          {supportEmail}
        </a>{' '}
        or use our contact form.
      </p>
    ),
  },
];

export function TermsOfService() {
  return (
    <LegalDocument
      title="Terms of Service"
      intro={<p>These Terms govern your access to and use of {productName}. Please read them carefully.</p>}
      sections={sections}
    />
  );
}
