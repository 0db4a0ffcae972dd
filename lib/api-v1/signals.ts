import type { z } from 'zod';
import type { Db } from '@/lib/db';
import { AppError } from '@/lib/http/errors';
import { decodeCursor, listSignals, type signalView } from '@/lib/signals/repository';
import { newest } from './meta';
import type { signalSchema, signalsQuerySchema } from './schema';

// Signals of /api/v1: listSignals (behind /api/signals) mapped to the versioned schema here only.

type SignalView = ReturnType<typeof signalView>;

/** The domain's signal view under the versioned names; the company flag is not part of /api/v1. */
export function toSignal({ confidence, metadata, companyFlag: _companyFlag, ...signal }: SignalView): z.input<typeof signalSchema> {
  return {
    ...signal,
    confidencePercent: confidence,
    filingUrl: metadata.filingUrl,
    formType: metadata.formType,
    filedAt: metadata.filedAt,
    priceAtDetectionUsd: metadata.currentPrice,
  };
}

export type SignalsQuery = z.output<typeof signalsQuerySchema>;

function decodeSignalCursor(raw: string | undefined) {
  if (!raw) return undefined;
  const cursor = decodeCursor(raw);
  if (!cursor) throw new AppError('validation_failed', 'cursor is not valid; use meta.nextCursor of the previous page', { cursor: ['invalid cursor'] });
  return cursor;
}

export async function listV1Signals(db: Db, query: SignalsQuery) {
  const { cursor, ...filters } = query;
  const { signals, nextCursor } = await listSignals(db, { ...filters, cursor: decodeSignalCursor(cursor) });
  const data = signals.map(toSignal);
  return { data, meta: { asOf: newest(data.map((signal) => signal.detectedAt)), sources: [...new Set(data.map((signal) => signal.source))].sort(), nextCursor } };
}
