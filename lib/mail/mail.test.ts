import { mailConfig } from './config';
import { mailLimits } from './limits';
import { renderMail } from './templates';
import { outboxFileName } from './transport';
import { readUnsubscribeToken, unsubscribeToken } from './unsubscribe';

describe('unsubscribe tokens', () => {
  it('round-trips the user and scope it was made for', () => {
    expect(readUnsubscribeToken(unsubscribeToken('user-1', 'alerts'))).toEqual({ userId: 'user-1', scope: 'alerts' });
    expect(readUnsubscribeToken(unsubscribeToken('user-1', 'digest'))).toEqual({ userId: 'user-1', scope: 'digest' });
  });

  it('refuses a token edited to name someone else or another scope', () => {
    const [, signature] = unsubscribeToken('user-1', 'alerts').split('.');
    expect(readUnsubscribeToken(`${Buffer.from('user-2:alerts').toString('base64url')}.${signature}`)).toBeNull();
    expect(readUnsubscribeToken(`${Buffer.from('user-1:reports').toString('base64url')}.${signature}`)).toBeNull();
    expect(readUnsubscribeToken(`${Buffer.from('user-1:everything').toString('base64url')}.${signature}`)).toBeNull();
    for (const junk of ['', '.', 'a.b.c', 'no-dot', `${unsubscribeToken('user-1', 'alerts')}x`]) expect(readUnsubscribeToken(junk)).toBeNull();
  });
});

describe('renderMail', () => {
  it('escapes values into the HTML part and keeps the text part plain', () => {
    const mail = renderMail({
      subject: 'A <b>subject</b>',
      greeting: 'Hello <script>alert(1)</script>,',
      paragraphs: ['Tom & "Jerry"'],
      action: { label: 'Open', url: 'https://example.com/?a=1&b="2"' },
      unsubscribeUrl: 'https://example.com/unsubscribe?token=x',
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Hello &lt;script&gt;alert(1)&lt;/script&gt;,');
    expect(mail.html).toContain('href="https://example.com/?a=1&amp;b=&quot;2&quot;"');
    expect(mail.text).toContain('Tom & "Jerry"');
    expect(mail.text).toContain('Open: https://example.com/?a=1&b="2"');
    expect(mail.text).toContain('Unsubscribe: https://example.com/unsubscribe?token=x');
  });
});

describe('configuration', () => {
  it('takes links from APP_URL or NEXTAUTH_URL, never guessing from a request', () => {
    expect(mailConfig({ APP_URL: 'https://intel.example.com/' }).publicUrl).toBe('https://intel.example.com');
    expect(mailConfig({ NEXTAUTH_URL: 'https://auth.example.com' }).publicUrl).toBe('https://auth.example.com');
    expect(mailConfig({ PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
    expect(mailConfig({}).smtpUrl).toBeUndefined();
    expect(() => mailConfig({ SMTP_URL: 'http://not-smtp' })).toThrow(/SMTP_URL/);
  });

  it('on Vercel without APP_URL, links lead to the deployment itself (production: its production domain)', () => {
    const preview = { VERCEL: '1', VERCEL_ENV: 'preview', VERCEL_URL: 'app-git-x-team.vercel.app', VERCEL_BRANCH_URL: 'app-git-branch-team.vercel.app' };
    expect(mailConfig(preview).publicUrl).toBe('https://app-git-x-team.vercel.app');
    expect(mailConfig({ ...preview, VERCEL_URL: undefined }).publicUrl).toBe('https://app-git-branch-team.vercel.app');
    expect(mailConfig({ ...preview, VERCEL_ENV: 'production', VERCEL_PROJECT_PRODUCTION_URL: 'intel.example.com' }).publicUrl).toBe('https://intel.example.com');
    expect(mailConfig({ ...preview, APP_URL: 'https://qa.example.com' }).publicUrl).toBe('https://qa.example.com');
  });

  it('keeps mail in the database on a serverless host without SMTP, files elsewhere, as MAIL_OUTBOX says', () => {
    expect(mailConfig({}).outbox).toBe('files');
    expect(mailConfig({ VERCEL: '1' }).outbox).toBe('database');
    expect(mailConfig({ VERCEL: '1', MAIL_OUTBOX: 'files' }).outbox).toBe('files');
    expect(mailConfig({ MAIL_OUTBOX: 'database' }).outbox).toBe('database');
    expect(() => mailConfig({ MAIL_OUTBOX: 'tmp' })).toThrow(/MAIL_OUTBOX/);
  });

  it('reads the rate limits, falling back to the defaults on nonsense', () => {
    expect(mailLimits({})).toMatchObject({ resetPerAccount: 3, resetPerIp: 20, resetWindowMs: 3_600_000, verifyPerAccount: 3 });
    expect(mailLimits({ PASSWORD_RESET_MAX_PER_ACCOUNT: '5', PASSWORD_RESET_WINDOW_MINUTES: '15' })).toMatchObject({ resetPerAccount: 5, resetWindowMs: 900_000 });
    expect(mailLimits({ PASSWORD_RESET_MAX_PER_IP: 'lots' }).resetPerIp).toBe(20);
  });

  it('names outbox files after the Message-ID, so a resent mail replaces its file', () => {
    expect(outboxFileName('<abc123@localhost>')).toBe('abc123_localhost.eml');
  });
});
