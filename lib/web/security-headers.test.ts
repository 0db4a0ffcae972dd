import { readPaymentsConfig } from '@/lib/payments/config';
import { contentSecurityPolicy, cspScopeFor, pageSecurity, permissionsPolicy, providerSources } from './security-headers';

const origin = { protocol: 'http' as const, host: 'preview.example.test:3600' };
const directive = (policy: string, name: string) => policy.split('; ').find((part) => part.startsWith(`${name} `));

const allProviders = readPaymentsConfig({
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
  PAYPAL_CLIENT_ID: 'id',
  PAYPAL_CLIENT_SECRET: 'secret',
  SQUARE_ACCESS_TOKEN: 'token',
  SQUARE_APPLICATION_ID: 'sandbox-sq0idb-x',
  SQUARE_LOCATION_ID: 'L1',
});

describe('contentSecurityPolicy', () => {
  it('allows scripts from this origin and the nonce only, and none of the unsafe sources in production', () => {
    const policy = contentSecurityPolicy({ nonce: 'abc123', scope: 'site', origin, isDevelopment: false });
    expect(directive(policy, 'script-src')).toBe("script-src 'self' 'nonce-abc123'");
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).not.toContain('strict-dynamic');
    for (const rule of ["object-src 'none'", "base-uri 'self'", "frame-ancestors 'none'", "form-action 'self'"]) expect(policy).toContain(rule);
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self' ws://preview.example.test:3600 wss://preview.example.test:3600");
  });

  it("adds 'unsafe-eval' in development only (React's refresh runtime)", () => {
    expect(directive(contentSecurityPolicy({ nonce: 'n', scope: 'site', origin, isDevelopment: true }), 'script-src')).toBe("script-src 'self' 'nonce-n' 'unsafe-eval'");
  });

  it('upgrades insecure requests only on an HTTPS origin', () => {
    expect(contentSecurityPolicy({ nonce: 'n', scope: 'site', origin, isDevelopment: false })).not.toContain('upgrade-insecure-requests');
    expect(contentSecurityPolicy({ nonce: 'n', scope: 'site', origin: { ...origin, protocol: 'https' }, isDevelopment: false })).toMatch(/; upgrade-insecure-requests$/);
  });

  it("lists the providers' origins on payment pages only", () => {
    const providers = providerSources(allProviders);
    const payments = contentSecurityPolicy({ nonce: 'n', scope: 'payments', origin, isDevelopment: false, providers });
    const site = contentSecurityPolicy({ nonce: 'n', scope: 'site', origin, isDevelopment: false, providers });
    expect(directive(payments, 'script-src')).toBe(
      "script-src 'self' 'nonce-n' https://js.stripe.com https://*.js.stripe.com https://*.paypal.com https://*.paypalobjects.com https://*.venmo.com https://sandbox.web.squarecdn.com",
    );
    expect(directive(payments, 'connect-src')).toContain('https://api.stripe.com');
    expect(directive(payments, 'connect-src')).toContain('https://pci-connect.squareupsandbox.com');
    expect(directive(payments, 'frame-src')).toContain('https://hooks.stripe.com');
    expect(site).not.toMatch(/stripe|paypal|square/);
  });
});

describe('providerSources', () => {
  it('is empty with no provider configured, and in demo mode (no Stripe.js is loaded)', () => {
    expect(providerSources(readPaymentsConfig({})).script).toEqual([]);
    expect(providerSources(readPaymentsConfig({ STRIPE_PUBLISHABLE_KEY: 'pk_test_x' })).script).toEqual([]);
  });

  it("names Square's production hosts for a production account", () => {
    const sources = providerSources(
      readPaymentsConfig({ SQUARE_ACCESS_TOKEN: 't', SQUARE_APPLICATION_ID: 'sq0idp-x', SQUARE_LOCATION_ID: 'L', SQUARE_ENVIRONMENT: 'production' }),
    );
    expect(sources.script).toEqual(['https://web.squarecdn.com']);
    expect(sources.connect).toEqual(['https://pci-connect.squareup.com']);
  });
});

it('payment pages are billing, checkout and the Stripe test page', () => {
  expect(['/billing', '/checkout', '/stripe-test/', '/dashboard', '/billing/x', '/'].map(cspScopeFor)).toEqual(['payments', 'payments', 'payments', 'site', 'site', 'site']);
});

it('Permissions-Policy denies the powerful features and allows payment only on payment pages', () => {
  const site = permissionsPolicy('site');
  for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()']) expect(site).toContain(feature);
  expect(permissionsPolicy('payments', providerSources(allProviders))).toContain('payment=(self "https://js.stripe.com" "https://www.paypal.com" "https://sandbox.web.squarecdn.com")');
});

it('makes a fresh nonce for every response', () => {
  const nonces = new Set(Array.from({ length: 50 }, () => pageSecurity('/', origin, {}).nonce));
  expect(nonces.size).toBe(50);
  const security = pageSecurity('/dashboard', origin, {});
  expect(security.contentSecurityPolicy).toContain(`'nonce-${security.nonce}'`);
  expect(Buffer.from(security.nonce, 'base64')).toHaveLength(16);
});
