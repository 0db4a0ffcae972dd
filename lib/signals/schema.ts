import { z } from 'zod';
import { optionalText } from '@/lib/validation/fields';
import { deliverySchema } from './delivery';
import { countParam, isStorableDate } from '../validation/fields';
import type { MarketImpact } from './market-impact';
import type { PumpCheck, TrackRecord } from './track-record';

// Shared by the signal endpoints and the Signals screen: request bodies and answer shapes.

export const signalTypes = ['sec-filing', 'insider-trading', 'pre-pump', 'board-meeting', 'other'] as const;
export const severities = ['critical', 'high', 'medium', 'low'] as const;

/** GET /api/signals (and /api/v1/signals): filters, search text, keyset cursor and page size. */
export const signalsQuerySchema = z.object({
  severity: z.enum(severities, { message: `severity must be one of ${severities.join(', ')}` }).optional(),
  type: z.enum(signalTypes, { message: `type must be one of ${signalTypes.join(', ')}` }).optional(),
  q: z.string().trim().max(200, 'Search text must be at most 200 characters').optional().transform((value) => value || undefined),
  since: z
    .string()
    .optional()
    .transform((value, context) => {
      if (!value) return undefined;
      const date = new Date(value);
      if (Number.isNaN(date.getTime())) {
        context.addIssue({ code: 'custom', message: 'since must be an ISO date, like 2026-01-31 or 2026-01-31T12:00:00Z' });
        return z.NEVER;
      }
      if (!isStorableDate(date)) {
        context.addIssue({ code: 'custom', message: 'since must be a date between the years 1 and 9999' });
        return z.NEVER;
      }
      return date;
    }),
  cursor: z.string().max(200, 'cursor is not valid: take it from the X-Next-Cursor header').optional(),
  limit: countParam(50, 200),
});

const id = z.string({ message: 'must be a text id' }).trim().min(1, 'must not be empty').max(64, 'must be at most 64 characters');

export const watchlistBodySchema = z.object({ signalId: id, note: optionalText('Note must be at most 500 characters', 500) });

export const alertBodySchema = z
  .object({
    kind: z.enum(['signal', 'price'], { message: 'kind must be signal or price' }),
    companyId: id.optional(),
    signalId: id.optional(),
    thresholdPct: z.number({ message: 'thresholdPct must be a number' }).positive('thresholdPct must be above 0').max(100, 'thresholdPct must be at most 100').optional(),
    /** in_app | email | both (issue 16); absent keeps a rule's choice, in_app for a new one. */
    delivery: deliverySchema.optional(),
  })
  .refine((body) => body.companyId || body.signalId, { message: 'Give a companyId or a signalId', path: ['companyId'] });

export type WatchlistBody = z.infer<typeof watchlistBodySchema>;
export type AlertBody = z.infer<typeof alertBodySchema>;

export interface SignalDto {
  id: string;
  companyId: string | null;
  companyName: string;
  description: string;
  source: string;
  detectedAt: string;
  confidence: number;
  signalType: string;
  severity: string;
  metadata: { filingUrl: string | null; currentPrice: number | null; formType: string | null; filedAt: string | null };
  /** The company's flag when it is flagged or unconfirmed (issue 12). */
  companyFlag: { flagged: boolean; flagReason: string | null; flagCheck: string | null; holdingsConfirmed: boolean } | null;
}

export interface SignalDetailDto extends SignalDto {
  company: { id: string; name: string; ticker: string; sector: string } | null;
  intelligence: { similarSignals: number; sameSectorSignals: number; windowDays: number };
  /** Accuracy, false-positive rate and lead time of past signals of this source and type (docs/metrics.md). */
  trackRecord: TrackRecord;
  /** The pump-check filter on the company's stored share prices before the signal. */
  pumpCheck: PumpCheck;
  watchlisted: boolean;
}

export interface SignalSummaryDto {
  /** Every stored signal, whatever its age. */
  totalSignals: number;
  /** Signals of the active window (the dashboard's Active Signals). */
  activeSignals: number;
  criticalAlerts: number;
  secFilings: number;
  insiderActivity: number;
  prePumpSignals: number;
  windowDays: number;
}

export interface FilingDto {
  available: boolean;
  reason: string | null;
  formType: string | null;
  filedAt: string | null;
  items: string[];
  company: string;
  ticker: string | null;
  accessionNumber: string | null;
  filingUrl: string | null;
  source: string;
  excerpt: string | null;
}

export interface MarketImpactDto extends MarketImpact {
  company: string;
  signalId: string;
  analysisTimestamp: string;
}
