// What the dashboard does with each /ws message (spec 001 §8, §9): a toast for the urgent ones, and
// the react-query keys to refetch. Messages invalidate queries; they never push state into views.

import { formatMoney } from '../format';

const criticalSignalToastMs = 8_000;
const criticalAlertToastMs = 10_000;
const priceAlertToastMs = 4_000;
/** A BTC move larger than this (absolute percent over 24 h) raises a price alert. */
const priceAlertThresholdPct = 2;

/** Query keys start with the API path; each reaction names path prefixes to invalidate. */
const invalidations: Record<string, readonly string[]> = {
  new_signal: ['/api/signals', '/api/dashboard/stats', '/api/treasury/holdings', '/api/data/latest'],
  critical_alert: ['/api/signals', '/api/dashboard/stats', '/api/treasury/holdings'],
  market_update: ['/api/market-data', '/api/dashboard/stats', '/api/treasury/holdings', '/api/companies'],
  company_update: ['/api/treasury/holdings', '/api/companies', '/api/dashboard/stats', '/api/analytics', '/api/data/latest'],
};

export interface RealtimeReaction {
  toast?: { title: string; description?: string; variant?: 'default' | 'destructive'; duration: number };
  invalidate: readonly string[];
}

interface SignalData {
  companyName?: unknown;
  description?: unknown;
  severity?: unknown;
}

function signalText(data: SignalData): string {
  const company = typeof data.companyName === 'string' && data.companyName ? data.companyName : 'Unknown Company';
  return typeof data.description === 'string' && data.description ? `${company}: ${data.description}` : company;
}

function btcMove(data: unknown): { price: number | null; change: number } | null {
  const bitcoin = data && typeof data === 'object' ? (data as { bitcoin?: { price?: unknown; change24h?: unknown } }).bitcoin : undefined;
  const change = bitcoin?.change24h;
  if (typeof change !== 'number' || !Number.isFinite(change)) return null;
  return { price: typeof bitcoin?.price === 'number' ? bitcoin.price : null, change };
}

/** The event types of each channel, for a resume that could not replay everything. */
const channelTypes: Record<string, readonly string[]> = {
  signals: ['new_signal', 'critical_alert'],
  market_data: ['market_update'],
  companies: ['company_update'],
};

export function reactionTo(message: { type: string; channel?: string; data?: unknown; complete?: boolean }): RealtimeReaction {
  // A reconnect the server could not fully replay (issue 29): refetch what any of the channel's events would.
  if (message.type === 'subscribed' && message.complete === false) {
    const types = channelTypes[message.channel ?? ''] ?? [];
    return { invalidate: [...new Set(types.flatMap((type) => invalidations[type] ?? []))] };
  }
  const invalidate = invalidations[message.type] ?? [];
  const data = (message.data && typeof message.data === 'object' ? message.data : {}) as SignalData;
  if (message.type === 'new_signal' && data.severity === 'critical') {
    return { invalidate, toast: { title: 'Critical Signal Detected', description: signalText(data), variant: 'destructive', duration: criticalSignalToastMs } };
  }
  if (message.type === 'critical_alert') {
    return { invalidate, toast: { title: 'Critical Alert', description: signalText(data), variant: 'destructive', duration: criticalAlertToastMs } };
  }
  if (message.type === 'market_update') {
    const move = btcMove(message.data);
    if (move && Math.abs(move.change) > priceAlertThresholdPct) {
      const direction = move.change > 0 ? 'up' : 'down';
      const price = move.price === null ? '' : ` to ${formatMoney(move.price)}`;
      return { invalidate, toast: { title: 'BTC Price Alert', description: `Bitcoin is ${direction} ${Math.abs(move.change).toFixed(1)}% in 24 h${price}`, duration: priceAlertToastMs } };
    }
  }
  return { invalidate };
}

/** True when a query key belongs to one of the path prefixes (keys hold the URL first). */
export function matchesPrefixes(queryKey: readonly unknown[], prefixes: readonly string[]): boolean {
  const head = queryKey[0];
  return typeof head === 'string' && prefixes.some((prefix) => head === prefix || head.startsWith(`${prefix}/`) || head.startsWith(`${prefix}?`));
}
