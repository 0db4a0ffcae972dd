import { appLink } from './config';
import { renderMail, type RenderedMail } from './templates';

// The account mails: reset link, password-changed notice, address verification.

interface Recipient {
  firstName: string;
}

export function passwordResetMail(user: Recipient, token: string): RenderedMail {
  return renderMail({
    subject: 'Reset your Treasury Intelligence password',
    greeting: `Hello ${user.firstName},`,
    paragraphs: [
      'Someone asked to reset the password of your Treasury Intelligence account. If it was you, choose a new password with the link below. It works once and expires in 30 minutes.',
      'If you did not ask for this, ignore this mail: your password stays as it is.',
    ],
    action: { label: 'Choose a new password', url: appLink(`/reset-password?token=${encodeURIComponent(token)}`) },
  });
}

export function passwordChangedMail(user: Recipient, when: Date): RenderedMail {
  return renderMail({
    subject: 'Your Treasury Intelligence password was changed',
    greeting: `Hello ${user.firstName},`,
    paragraphs: [
      `The password of your Treasury Intelligence account was reset on ${when.toUTCString()}. Every browser that was signed in has been signed out.`,
      'If this was not you, reset your password again at once and contact support: someone may have access to your email.',
    ],
    action: { label: 'Sign in', url: appLink('/login') },
  });
}

export function verifyEmailMail(user: Recipient, token: string): RenderedMail {
  return renderMail({
    subject: 'Confirm your email address',
    greeting: `Hello ${user.firstName},`,
    paragraphs: [
      'Confirm that this is your address to receive alerts and scheduled reports from Treasury Intelligence by email. The link is valid for 7 days.',
      'If you did not create an account, ignore this mail.',
    ],
    action: { label: 'Confirm my address', url: appLink(`/verify-email?token=${encodeURIComponent(token)}`) },
  });
}
