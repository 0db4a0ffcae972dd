import { z } from 'zod';
import { requiredText } from '@/lib/validation/fields';
import { billingIntervals, findPlan, type BillingInterval, type PlanId } from './plans';

// The payment routes' shared request fields and the answer shapes the payment screens read; safe to
// import from client components.

const intervalMessage = 'interval must be month or year';
/** The billing interval a payment call names; month when left out. */
export const intervalSchema = z.enum(billingIntervals, { error: intervalMessage }).optional().default('month');
export const requiredIntervalSchema = z.enum(billingIntervals, { error: intervalMessage });

/** A plan id or plan type field (`planId`, `planType`): absent, wrong-typed or blank reads `<name> is required`. */
export const planFieldSchema = (name: string) => requiredText(`${name} is required`).max(40, `${name} is at most 40 characters`);

const amountMessage = 'Amount must be a number';
export const amountSchema = z.coerce
  .number({ error: amountMessage })
  .refine(Number.isFinite, amountMessage)
  .positive('Amount must be positive')
  .max(1_000_000, 'Amount must be at most 1,000,000');

/** GET /api/payments/config: which providers the server has keys for; demo mode without a card provider. */
export interface PaymentConfig {
  mode: 'demo' | 'live';
  stripePublishableKey: string | null;
  paypalClientId: string | null;
  squareApplicationId: string | null;
  squareLocationId: string | null;
  squareEnvironment: string | null;
  cryptoEnabled: boolean;
}

/** GET /api/payments/plans: one plan, prices in USD. */
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

export const cryptoCurrencyNames: Record<CryptoCurrency, string> = { BTC: 'Bitcoin', ETH: 'Ethereum' };
/** Spec 001 §3: the fixed USD figures shown when no market rate is available (never charged at). */
export const cryptoFallbackRates: Record<CryptoCurrency, number> = { BTC: 43250, ETH: 2650 };

type RateSource = 'coingecko' | 'stored' | 'fallback';

export interface CryptoRate {
  usd: number;
  symbol: CryptoCurrency;
  name: string;
  /** coingecko (live), stored (a stored market price of `asOf`) or fallback (the spec's fixed figure, asOf null). */
  source: RateSource;
  asOf: string | null;
}

/** GET /api/payments/crypto/rates. */
export interface CryptoRates {
  /** Each rate says where it comes from and when (issue 12), so BTC and ETH are never mixed silently. */
  rates: Record<CryptoCurrency, CryptoRate>;
  /** The weakest of the two rates' sources. */
  source: RateSource;
  updatedAt: string;
}

/** POST /api/payments/crypto/create. */
export interface CryptoPaymentDto {
  paymentId: string;
  amount: number | string;
  currency: CryptoCurrency;
  address: string;
  qrCode: string;
  expiresAt: string;
}

export type CryptoStatus = 'pending' | 'confirmed' | 'expired';

/** A subscription as the payment answers show it: dollars, ISO dates, the plan's display name. */
export function publicSubscription(subscription: {
  id: string;
  planId: string;
  interval: string;
  provider: string;
  status: string;
  amountCents: number;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}) {
  return {
    id: subscription.id,
    planId: subscription.planId,
    planName: findPlan(subscription.planId)?.name ?? subscription.planId,
    interval: subscription.interval,
    provider: subscription.provider,
    status: subscription.status,
    amount: subscription.amountCents / 100,
    currentPeriodEnd: subscription.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
  };
}
