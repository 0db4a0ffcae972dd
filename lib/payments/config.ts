// Payment provider settings from process.env, read on every call so tests and operators can change
// them without a restart. With no STRIPE_SECRET_KEY the product runs in DEMO MODE: checkouts are
// simulated and grant a plan without money changing hands (a development and demo convenience;
// set PAYMENTS_DEMO_MODE=false to refuse instead).

const text = (value: string | undefined) => value?.trim() || undefined;
const baseUrl = (value: string | undefined, fallback: string) => (text(value) ?? fallback).replace(/\/+$/, '');
const list = (value: string | undefined) =>
  (value ?? '')
    .split(/[\s,]+/)
    .map((item) => item.trim())
    .filter(Boolean);

export interface PaymentsConfig {
  demoMode: boolean;
  /** True when demo checkouts are refused as well (no Stripe key and PAYMENTS_DEMO_MODE=false). */
  disabled: boolean;
  stripe: { secretKey?: string; publishableKey?: string; webhookSecret?: string; apiBaseUrl?: string };
  paypal: { clientId?: string; clientSecret?: string; baseUrl: string };
  square: { accessToken?: string; applicationId?: string; locationId?: string; baseUrl: string; environment: 'sandbox' | 'production'; version: string };
  crypto: {
    btcXpub?: string;
    ethXpub?: string;
    btcAddresses: string[];
    ethAddresses: string[];
    requiredConfirmations: number;
    esploraUrl: string;
    ethRpcUrl?: string;
    windowMs: number;
  };
  timeoutMs: number;
}

export function readPaymentsConfig(env: Readonly<Record<string, string | undefined>> = process.env): PaymentsConfig {
  const secretKey = text(env.STRIPE_SECRET_KEY);
  const demoAllowed = text(env.PAYMENTS_DEMO_MODE) !== 'false';
  const squareBase = baseUrl(env.SQUARE_API_BASE_URL, 'https://connect.squareupsandbox.com');
  const squareEnvironment = text(env.SQUARE_ENVIRONMENT) === 'production' || (!text(env.SQUARE_ENVIRONMENT) && squareBase === 'https://connect.squareup.com') ? 'production' : 'sandbox';
  const confirmations = Number(text(env.CRYPTO_REQUIRED_CONFIRMATIONS) ?? 1);
  const timeout = Number(text(env.PAYMENTS_HTTP_TIMEOUT_MS) ?? 15_000);
  return {
    demoMode: !secretKey && demoAllowed,
    disabled: !secretKey && !demoAllowed,
    stripe: { secretKey, publishableKey: text(env.STRIPE_PUBLISHABLE_KEY), webhookSecret: text(env.STRIPE_WEBHOOK_SECRET), apiBaseUrl: text(env.STRIPE_API_BASE_URL) },
    paypal: { clientId: text(env.PAYPAL_CLIENT_ID), clientSecret: text(env.PAYPAL_CLIENT_SECRET), baseUrl: baseUrl(env.PAYPAL_API_BASE_URL, 'https://api-m.sandbox.paypal.com') },
    square: {
      accessToken: text(env.SQUARE_ACCESS_TOKEN),
      applicationId: text(env.SQUARE_APPLICATION_ID),
      locationId: text(env.SQUARE_LOCATION_ID),
      baseUrl: squareBase,
      environment: squareEnvironment,
      version: text(env.SQUARE_VERSION) ?? '2025-10-16',
    },
    crypto: {
      btcXpub: text(env.CRYPTO_BTC_XPUB),
      ethXpub: text(env.CRYPTO_ETH_XPUB),
      btcAddresses: list(env.CRYPTO_BTC_ADDRESSES),
      ethAddresses: list(env.CRYPTO_ETH_ADDRESSES),
      requiredConfirmations: Number.isInteger(confirmations) && confirmations >= 1 ? confirmations : 1,
      esploraUrl: baseUrl(env.BTC_ESPLORA_URL, 'https://blockstream.info/api'),
      ethRpcUrl: text(env.ETH_RPC_URL)?.replace(/\/+$/, ''),
      windowMs: 30 * 60 * 1000,
    },
    timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : 15_000,
  };
}

export const paypalConfigured = (config: PaymentsConfig) => Boolean(config.paypal.clientId && config.paypal.clientSecret);
export const squareConfigured = (config: PaymentsConfig) => Boolean(config.square.accessToken && config.square.applicationId && config.square.locationId);
export const cryptoConfigured = (config: PaymentsConfig, currency?: 'BTC' | 'ETH') => {
  const btc = Boolean(config.crypto.btcXpub || config.crypto.btcAddresses.length);
  const eth = Boolean((config.crypto.ethXpub || config.crypto.ethAddresses.length) && config.crypto.ethRpcUrl);
  if (currency === 'BTC') return btc;
  if (currency === 'ETH') return eth;
  return btc || eth;
};
