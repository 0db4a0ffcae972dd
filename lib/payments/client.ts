import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest, getJson } from '@/lib/http/api-client';
import type { BillingInterval, PlanId } from './plans';
import type { CryptoCurrency, CryptoPaymentDto, CryptoRates, CryptoStatus, PaymentConfig, PlanDto } from './schema';

// The payment screens' side of spec 001 §7: query keys, fetchers over the api client, and the
// payment-configuration hook every payment panel reads.

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

const fetchPaymentConfig = () => getJson<PaymentConfig>('/api/payments/config') as Promise<PaymentConfig>;
export const fetchPlans = () => getJson<PlanDto[]>('/api/payments/plans') as Promise<PlanDto[]>;

export const postSubscription = (input: { planId: PlanId; interval: BillingInterval; amount: number }) =>
  postJson<{ clientSecret: string; subscriptionId: string }>('/api/create-subscription', input);
export const postDemoConfirm = (subscriptionId: string) =>
  postJson<{ message: string }>('/api/payments/demo/confirm', { subscriptionId });
export const postStripeConfirm = (paymentIntentId: string) =>
  postJson<{ status: string; subscription?: unknown }>('/api/payments/stripe/confirm', { paymentIntentId });
export const postStripePaymentIntent = (amount: number, planType: PlanId) =>
  postJson<{ clientSecret: string }>('/api/payments/stripe/create-payment-intent', { amount, planType });
export const postTestPayment = () => postJson<{ clientSecret: string }>('/api/payments/test-payment', { amount: 29, currency: 'usd' });
export const postUpgrade = (planId: PlanId, paymentMethod: 'stripe' | 'paypal' | 'square' | 'crypto') =>
  postJson<{ message: string }>('/api/subscription/upgrade', { planId, paymentMethod });

export const fetchPaypalSetup = () => getJson<{ clientToken: string }>('/api/payments/paypal/setup') as Promise<{ clientToken: string }>;
export const postPaypalOrder = (amount: number, planType: PlanId) =>
  postJson<{ id: string }>('/api/payments/paypal/order', { amount: amount.toFixed(2), currency: 'USD', intent: 'CAPTURE', planType });
export const postPaypalCapture = (orderId: string) => postJson<unknown>(`/api/payments/paypal/order/${encodeURIComponent(orderId)}/capture`);

/** Square's configuration, or null when the server answers non-OK (not configured). */
export async function fetchSquareConfig(): Promise<{ applicationId: string; locationId: string } | null> {
  try {
    return (await (await apiRequest('GET', '/api/payments/square/config')).json()) as { applicationId: string; locationId: string };
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
}
export const postSquarePayment = (input: { sourceId: string; amount: number; planType: PlanId }) =>
  postJson<{ payment?: unknown; error?: string }>('/api/payments/square/process', { ...input, currency: 'USD' });

export const fetchCryptoRates = () => getJson<CryptoRates>('/api/payments/crypto/rates') as Promise<CryptoRates>;
export const postCryptoPayment = (input: { amount: number; currency: CryptoCurrency; planType: PlanId; userEmail: string }) =>
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

/**
 * Which providers the server is configured with (demo mode when it has no card provider keys), shared
 * by the screens that take payments and read once for five minutes.
 */
export const paymentConfigQuery = { queryKey: paymentKeys.config, queryFn: fetchPaymentConfig, staleTime: 300_000 };

export function usePaymentConfig() {
  return useQuery(paymentConfigQuery);
}
