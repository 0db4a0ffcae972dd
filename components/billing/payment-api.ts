// Payment calls of spec 001 §7 with the answer shapes of the payment routes; safe in client components.
import { apiRequest, getJson } from '@/lib/http/api-client';
import type { BillingInterval, PlanId } from '@/lib/payments/plans';

export interface PaymentConfig {
  mode: 'demo' | 'live';
  stripePublishableKey: string | null;
  paypalClientId: string | null;
  squareApplicationId: string | null;
  squareLocationId: string | null;
  squareEnvironment: string | null;
  cryptoEnabled: boolean;
}

export interface PlanDto {
  id: PlanId;
  name: string;
  tierName: string;
  description: string;
  price: number;
  interval: BillingInterval;
  features: string[];
  recommended: boolean;
  yearlyPrice: number;
  yearlyDiscount: number;
  companyLimit: number | null;
  reportLimit: number | null;
}

export type CryptoCurrency = 'BTC' | 'ETH';
export interface CryptoRate {
  usd: number;
  symbol: string;
  name: string;
  /** coingecko (live), stored (a stored market price of `asOf`) or fallback (the spec's fixed figure). */
  source: 'coingecko' | 'stored' | 'fallback';
  asOf: string | null;
}
export interface CryptoPaymentDto {
  paymentId: string;
  amount: number | string;
  currency: CryptoCurrency;
  address: string;
  qrCode: string;
  expiresAt: string;
}
export type CryptoStatus = 'pending' | 'confirmed' | 'expired';

export const paymentKeys = {
  config: ['/api/payments/config'] as const,
  plans: ['/api/payments/plans'] as const,
  cryptoRates: ['/api/payments/crypto/rates'] as const,
  cryptoStatus: (paymentId: string) => ['/api/payments/crypto/status', paymentId] as const,
  squareConfig: ['/api/payments/square/config'] as const,
  paypalSetup: ['/api/payments/paypal/setup'] as const,
};

async function postJson<T>(url: string, body?: unknown): Promise<T> {
  const response = await apiRequest('POST', url, body);
  return (await response.json()) as T;
}

export const fetchPaymentConfig = () => getJson<PaymentConfig>('/api/payments/config') as Promise<PaymentConfig>;
export const fetchPlans = () => getJson<PlanDto[]>('/api/payments/plans') as Promise<PlanDto[]>;

export const createSubscription = (input: { planId: PlanId; interval: BillingInterval; amount: number }) =>
  postJson<{ clientSecret: string; subscriptionId: string }>('/api/create-subscription', input);
export const confirmDemoPayment = (subscriptionId: string) =>
  postJson<{ message: string }>('/api/payments/demo/confirm', { subscriptionId });
export const confirmStripePayment = (paymentIntentId: string) =>
  postJson<{ status: string; subscription?: unknown }>('/api/payments/stripe/confirm', { paymentIntentId });
export const createStripePaymentIntent = (amount: number, planType: PlanId) =>
  postJson<{ clientSecret: string }>('/api/payments/stripe/create-payment-intent', { amount, planType });
export const createTestPayment = () => postJson<{ clientSecret: string }>('/api/payments/test-payment', { amount: 29, currency: 'usd' });
export const upgradeSubscription = (planId: PlanId, paymentMethod: 'stripe' | 'paypal' | 'square' | 'crypto') =>
  postJson<{ message: string }>('/api/subscription/upgrade', { planId, paymentMethod });

export const fetchPaypalSetup = () => getJson<{ clientToken: string }>('/api/payments/paypal/setup') as Promise<{ clientToken: string }>;
export const createPaypalOrder = (amount: number, planType: PlanId) =>
  postJson<{ id: string }>('/api/payments/paypal/order', { amount: amount.toFixed(2), currency: 'USD', intent: 'CAPTURE', planType });
export const capturePaypalOrder = (orderId: string) => postJson<unknown>(`/api/payments/paypal/order/${encodeURIComponent(orderId)}/capture`);

/** Square's configuration, or null when the server answers non-OK (not configured). */
export async function fetchSquareConfig(): Promise<{ applicationId: string; locationId: string } | null> {
  const response = await fetch('/api/payments/square/config', { credentials: 'include' });
  if (!response.ok) return null;
  return (await response.json()) as { applicationId: string; locationId: string };
}
export const processSquarePayment = (input: { sourceId: string; amount: number; planType: PlanId }) =>
  postJson<{ payment?: unknown; error?: string }>('/api/payments/square/process', { ...input, currency: 'USD' });

export const fetchCryptoRates = () =>
  getJson<{ rates: Partial<Record<CryptoCurrency, CryptoRate>> }>('/api/payments/crypto/rates') as Promise<{
    rates: Partial<Record<CryptoCurrency, CryptoRate>>;
  }>;
export const createCryptoPayment = (input: { amount: number; currency: CryptoCurrency; planType: PlanId; userEmail: string }) =>
  postJson<CryptoPaymentDto>('/api/payments/crypto/create', input);
export const fetchCryptoStatus = (paymentId: string) =>
  getJson<{ status: CryptoStatus; confirmations: number }>(`/api/payments/crypto/status/${encodeURIComponent(paymentId)}`) as Promise<{
    status: CryptoStatus;
    confirmations: number;
  }>;

/** The server's own message of a failed call, else the fallback the spec words. */
export function messageOf(error: unknown, fallback: string): string {
  if (error && typeof error === 'object' && 'serverMessage' in error) {
    const message = (error as { serverMessage?: string }).serverMessage;
    if (message) return message;
  }
  return error instanceof Error && error.message ? error.message : fallback;
}
