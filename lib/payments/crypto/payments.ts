import QRCode from 'qrcode';
import { isUniqueViolation } from '@/lib/db/errors';
import type { Db } from '@/lib/db';
import { settlePlanPayment } from '../activation';
import { cryptoConfigured, readPaymentsConfig, type PaymentsConfig } from '../config';
import { badRequest, notFound, PaymentProblem } from '../http';
import type { BillingInterval, Plan } from '../plans';
import { priceFor } from '../pricing';
import { deriveBtcAddress, deriveEthAddress, isValidBtcAddress, isValidEthAddress, toChecksumAddress } from './addresses';
import { observeBtc, observeEth, toBaseUnits, type ChainObservation } from './chain';
import type { CryptoCurrency } from '../schema';
import { cryptoRates } from './rates';

// A crypto payment: the plan's USD price at the current rate, to a fresh watch-only address, for
// 30 minutes. The status poll asks the chain; enough confirmations activate the plan once.

const decimals: Record<CryptoCurrency, number> = { BTC: 8, ETH: 6 };
/** Rates move between the page's quote and ours: a client amount within 2 % is accepted. */
const amountTolerance = 0.02;
/** A stored market price older than this is too stale to quote a payment at. */
const maxRateAgeMs = 6 * 60 * 60 * 1000;

/** Plan USD ÷ rate, rounded up to the unit the page shows so the payer never pays short. */
function cryptoAmount(amountUsdCents: number, rateUsd: number, currency: CryptoCurrency): string {
  const scale = 10 ** decimals[currency];
  const units = Math.ceil(((amountUsdCents / 100) * scale) / rateUsd - 1e-9);
  return (units / scale).toFixed(decimals[currency]);
}

function paymentUri(currency: CryptoCurrency, address: string, amount: string): string {
  if (currency === 'BTC') return `bitcoin:${address}?amount=${amount}`;
  // EIP-681: value in wei.
  return `ethereum:${address}?value=${toBaseUnits(amount, 18).toString()}`;
}

function configuredList(config: PaymentsConfig, currency: CryptoCurrency) {
  const raw = currency === 'BTC' ? config.crypto.btcAddresses : config.crypto.ethAddresses;
  return currency === 'BTC' ? raw.filter(isValidBtcAddress) : raw.filter(isValidEthAddress).map(toChecksumAddress);
}

async function nextAddress(db: Db, config: PaymentsConfig, currency: CryptoCurrency): Promise<{ address: string; derivationIndex: number | null }> {
  const xpub = currency === 'BTC' ? config.crypto.btcXpub : config.crypto.ethXpub;
  if (xpub) {
    const last = await db.cryptoPayment.findFirst({ where: { currency, derivationIndex: { not: null } }, orderBy: { derivationIndex: 'desc' }, select: { derivationIndex: true } });
    const index = (last?.derivationIndex ?? -1) + 1;
    try {
      return { address: currency === 'BTC' ? deriveBtcAddress(xpub, index) : deriveEthAddress(xpub, index), derivationIndex: index };
    } catch {
      throw new PaymentProblem(503, 'Crypto payments are not configured');
    }
  }
  const list = configuredList(config, currency);
  const used = new Set((await db.cryptoPayment.findMany({ where: { currency, address: { in: list } }, select: { address: true } })).map((row) => row.address));
  const address = list.find((candidate) => !used.has(candidate));
  if (!address) throw new PaymentProblem(503, 'No unused receiving address is left. Please try again later or use another payment method.');
  return { address, derivationIndex: null };
}

export async function createCryptoPayment(db: Db, userId: string, plan: Plan, interval: BillingInterval, currency: CryptoCurrency, clientAmount: number) {
  const config = readPaymentsConfig();
  if (!cryptoConfigured(config, currency)) throw new PaymentProblem(503, 'Crypto payments are not configured');
  const amountUsdCents = priceFor(plan, interval);
  const quote = await cryptoRates(db);
  // The fixed fallback figures are for display; asking for money at a stale rate would over- or undercharge.
  // Judged per currency: a stored BTC price beside the fallback ETH figure must not let ETH be charged at the fallback.
  const rateAsOf = quote.rates[currency].asOf;
  if (quote.rates[currency].source === 'fallback' || !rateAsOf || Date.now() - new Date(rateAsOf).getTime() > maxRateAgeMs) {
    throw new PaymentProblem(503, 'Crypto exchange rates are unavailable right now. Please try again shortly or use another payment method.');
  }
  const rateUsd = quote.rates[currency].usd;
  const amount = cryptoAmount(amountUsdCents, rateUsd, currency);
  if (Math.abs(clientAmount - Number(amount)) > Number(amount) * amountTolerance) {
    throw badRequest(`Amount does not match the ${plan.name} plan price of ${amount} ${currency} at the current rate`);
  }
  const expiresAt = new Date(Date.now() + config.crypto.windowMs);
  // Two payments created at once may pick the same next address; the unique (currency, address) sends one round again.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const { address, derivationIndex } = await nextAddress(db, config, currency);
    try {
      const payment = await db.cryptoPayment.create({
        data: { userId, planId: plan.id, interval, currency, amount, amountUsdCents, rateUsd, address, derivationIndex, status: 'pending', expiresAt },
      });
      const qrCode = await QRCode.toDataURL(paymentUri(currency, address, amount), { errorCorrectionLevel: 'M', margin: 1, width: 256 });
      return { paymentId: payment.id, amount, currency, address, qrCode, expiresAt: expiresAt.toISOString() };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new PaymentProblem(503, 'No receiving address is free right now. Please try again.');
}

/**
 * The page polls every 10 s; a client polling faster (or many tabs) must not multiply the explorer
 * calls. One observation per payment serves every status request within this window, and requests
 * arriving while one is in flight share it.
 */
const observationReuseMs = 4_000;
const recentObservations = new Map<string, { at: number; observation: Promise<ChainObservation | null> }>();

/** Drops the remembered observations (tests that change the chain between polls call it). */
export function forgetCryptoObservations() {
  recentObservations.clear();
}

function observeShared(config: PaymentsConfig, payment: { id: string; currency: string; address: string; amount: string }, now = Date.now()) {
  const recent = recentObservations.get(payment.id);
  if (recent && now - recent.at < observationReuseMs) return recent.observation;
  if (recentObservations.size >= 1_000) {
    for (const [id, entry] of recentObservations) if (now - entry.at >= observationReuseMs) recentObservations.delete(id);
  }
  const observation = observe(config, payment);
  recentObservations.set(payment.id, { at: now, observation });
  return observation;
}

async function observe(config: PaymentsConfig, payment: { currency: string; address: string; amount: string }): Promise<ChainObservation | null> {
  try {
    if (payment.currency === 'BTC') return await observeBtc(config, payment.address, payment.amount);
    return await observeEth(config, payment.address, payment.amount, config.crypto.requiredConfirmations);
  } catch (error) {
    console.warn('[payments] crypto explorer unavailable', error instanceof Error ? error.message : error);
    return null;
  }
}

/** The caller's own payment, brought up to date with the chain. */
export async function cryptoPaymentStatus(db: Db, userId: string, paymentId: string) {
  const config = readPaymentsConfig();
  const payment = await db.cryptoPayment.findFirst({ where: { id: paymentId, userId } });
  if (!payment) throw notFound();
  const answer = (row: { status: string; confirmations: number; expiresAt: Date; txid: string | null }) => ({
    status: row.status,
    confirmations: row.confirmations,
    requiredConfirmations: config.crypto.requiredConfirmations,
    expiresAt: row.expiresAt.toISOString(),
    txid: row.txid,
  });
  if (payment.status !== 'pending') return answer(payment);

  const seen = await observeShared(config, payment);
  const now = new Date();
  if (seen && seen.confirmations >= config.crypto.requiredConfirmations) {
    const claimed = await db.cryptoPayment.updateMany({
      where: { id: payment.id, status: 'pending' },
      data: { status: 'confirmed', confirmations: seen.confirmations, txid: seen.txid ?? null, confirmedAt: now },
    });
    if (claimed.count === 1) {
      await settlePlanPayment(db, {
        userId,
        provider: 'crypto',
        providerRef: payment.id,
        purpose: 'upgrade',
        planId: payment.planId,
        interval: payment.interval,
        amountCents: payment.amountUsdCents,
      });
    }
    return answer(await db.cryptoPayment.findUniqueOrThrow({ where: { id: payment.id } }));
  }
  // Funds already on their way keep the payment open past its window; only an empty address
  // expires (or, with the explorer unreachable, one a day past its window).
  const empty = seen ? !seen.seen : payment.expiresAt.getTime() + 24 * 60 * 60 * 1000 <= now.getTime();
  if (payment.expiresAt <= now && empty) {
    await db.cryptoPayment.updateMany({ where: { id: payment.id, status: 'pending' }, data: { status: 'expired' } });
    return answer(await db.cryptoPayment.findUniqueOrThrow({ where: { id: payment.id } }));
  }
  if (seen && (seen.confirmations !== payment.confirmations || (seen.txid && seen.txid !== payment.txid))) {
    await db.cryptoPayment.update({ where: { id: payment.id }, data: { confirmations: seen.confirmations, txid: seen.txid ?? payment.txid } });
    return answer({ ...payment, confirmations: seen.confirmations, txid: seen.txid ?? payment.txid });
  }
  return answer(payment);
}
