import { paypalConfigured, readPaymentsConfig, squareConfigured, type PaymentsConfig } from '@/lib/payments/config';
import type { PublicOrigin } from '../http/public-origin';

// The Content-Security-Policy and Permissions-Policy of every page, built per request by
// middleware.ts. Scripts run only from this origin or with the response's nonce (Next puts it on
// its own inline scripts when it finds it in the request's CSP header; the root layout puts it on
// the theme boot script). A payment provider's origins are allowed only on the pages that load
// its SDK, and only when it is configured. No 'strict-dynamic': with it a browser ignores the
// origin list, and any script we load could load any other.

export type CspScope = 'site' | 'payments';

/** The pages that load a payment provider's SDK: Stripe Elements, PayPal Buttons, Square's card form. */
const paymentPagePaths = ['/billing', '/checkout', '/stripe-test'] as const;

export function cspScopeFor(pathname: string): CspScope {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (paymentPagePaths as readonly string[]).includes(path) ? 'payments' : 'site';
}

export interface ProviderSources {
  script: string[];
  frame: string[];
  connect: string[];
  img: string[];
  /** Origins that may use the Payment Request API from their frames (wallet buttons). */
  payment: string[];
}

const emptySources = (): ProviderSources => ({ script: [], frame: [], connect: [], img: [], payment: [] });

/**
 * What each provider's browser SDK loads, as the providers document it for CSP: Stripe.js (script
 * and Elements frames from js.stripe.com, 3-D Secure from hooks.stripe.com, API calls to
 * api.stripe.com), PayPal's JS SDK (www.paypal.com/sdk/js, which pulls its components, frames and
 * images from *.paypal.com and *.paypalobjects.com, Venmo from *.venmo.com) and Square's Web
 * Payments SDK (square.js and its card frame from (sandbox.)web.squarecdn.com, tokenisation at
 * pci-connect.squareup(sandbox).com).
 */
export function providerSources(config: PaymentsConfig = readPaymentsConfig()): ProviderSources {
  const sources = emptySources();
  const add = (part: Partial<ProviderSources>) => {
    for (const key of Object.keys(part) as Array<keyof ProviderSources>) sources[key].push(...(part[key] ?? []));
  };
  if (!config.demoMode && config.stripe.publishableKey) {
    add({
      script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
      frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
      connect: ['https://api.stripe.com'],
      payment: ['https://js.stripe.com'],
    });
  }
  if (paypalConfigured(config)) {
    const paypal = ['https://*.paypal.com', 'https://*.paypalobjects.com', 'https://*.venmo.com'];
    add({ script: paypal, frame: paypal, connect: paypal, img: paypal, payment: ['https://www.paypal.com'] });
  }
  if (squareConfigured(config)) {
    const sandbox = config.square.environment === 'sandbox';
    const cdn = sandbox ? 'https://sandbox.web.squarecdn.com' : 'https://web.squarecdn.com';
    add({
      script: [cdn],
      frame: [cdn],
      connect: [sandbox ? 'https://pci-connect.squareupsandbox.com' : 'https://pci-connect.squareup.com'],
      img: [cdn],
      payment: [cdn],
    });
  }
  return sources;
}

export interface PolicyInput {
  nonce: string;
  scope: CspScope;
  origin: PublicOrigin;
  isDevelopment: boolean;
  providers?: ProviderSources;
}

export function contentSecurityPolicy({ nonce, scope, origin, isDevelopment, providers = emptySources() }: PolicyInput): string {
  const extra = scope === 'payments' ? providers : emptySources();
  const directives: Array<[string, ...string[]]> = [
    ['default-src', "'self'"],
    // React's development build evaluates code for its refresh runtime and server error stacks.
    ['script-src', "'self'", `'nonce-${nonce}'`, ...(isDevelopment ? ["'unsafe-eval'"] : []), ...extra.script],
    // Inline style attributes and injected <style> elements come from React, Radix's scroll lock,
    // recharts and the providers' SDKs; CSS cannot run script, so styles stay open to them.
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', 'blob:', ...extra.img],
    ['font-src', "'self'", 'data:'],
    // The realtime client connects to /ws on this host; a CSP 'self' does not cover ws: everywhere.
    ['connect-src', "'self'", `ws://${origin.host}`, `wss://${origin.host}`, ...extra.connect],
    // The report viewer frames the PDF from a blob: URL.
    ['frame-src', "'self'", 'blob:', ...extra.frame],
    ['worker-src', "'self'", 'blob:'],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
    ['manifest-src', "'self'"],
  ];
  const policy = directives.map((directive) => directive.join(' ')).join('; ');
  // Only over HTTPS: on a plain-HTTP host it would send our own assets to a port that is not there.
  return origin.protocol === 'https' ? `${policy}; upgrade-insecure-requests` : policy;
}

const deniedFeatures = ['accelerometer', 'camera', 'display-capture', 'geolocation', 'gyroscope', 'magnetometer', 'microphone', 'midi', 'usb', 'browsing-topics'];

/** Every powerful feature off; `payment` only on payment pages, for us and the configured providers' frames. */
export function permissionsPolicy(scope: CspScope, providers: ProviderSources = emptySources()): string {
  const payment = scope === 'payments' ? `payment=(self${providers.payment.map((origin) => ` "${origin}"`).join('')})` : 'payment=()';
  return [...deniedFeatures.map((feature) => `${feature}=()`), payment].join(', ');
}

/** A fresh, unguessable nonce per response (128 random bits, base64). */
function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

export const nonceHeader = 'x-nonce';
export const cspScopeHeader = 'x-csp-scope';

export interface PageSecurity {
  nonce: string;
  scope: CspScope;
  contentSecurityPolicy: string;
  permissionsPolicy: string;
}

export function pageSecurity(pathname: string, origin: PublicOrigin, env: Readonly<Record<string, string | undefined>> = process.env): PageSecurity {
  const nonce = createNonce();
  const scope = cspScopeFor(pathname);
  const providers = scope === 'payments' ? providerSources(readPaymentsConfig(env)) : emptySources();
  return {
    nonce,
    scope,
    contentSecurityPolicy: contentSecurityPolicy({ nonce, scope, origin, isDevelopment: env.NODE_ENV === 'development', providers }),
    permissionsPolicy: permissionsPolicy(scope, providers),
  };
}

/** The request headers the page renders with: Next reads the nonce from the CSP header, our layout from x-nonce. */
export function withPageSecurityRequestHeaders(headers: Headers, security: PageSecurity): Headers {
  const next = new Headers(headers);
  next.set('content-security-policy', security.contentSecurityPolicy);
  next.set(nonceHeader, security.nonce);
  next.set(cspScopeHeader, security.scope);
  return next;
}

export function applyPageSecurityResponseHeaders(headers: Headers, security: PageSecurity): void {
  headers.set('Content-Security-Policy', security.contentSecurityPolicy);
  headers.set('Permissions-Policy', security.permissionsPolicy);
}
