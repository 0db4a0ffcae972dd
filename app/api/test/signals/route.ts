import crypto from 'node:crypto';
import { z } from 'zod';
import { db } from '@/lib/db';
import { AppError } from '@/lib/http/errors';
import { readJson, route } from '@/lib/http/route';
import { announceSignal } from '@/lib/ingest/signals';
import { getBus } from '@/lib/realtime/bus';
import { signalView } from '@/lib/signals/repository';

export const dynamic = 'force-dynamic';

// Creates signals (and optionally price rows) for end-to-end tests; absent unless the server runs
// with ENABLE_TEST_ROUTES=1, like app/e2e-error.

const signalSchema = z.object({
  companyTicker: z.string().max(20).optional(),
  companyName: z.string().max(200).optional(),
  description: z.string().min(1).max(1000),
  source: z.string().min(1).max(200),
  signalType: z.enum(['sec-filing', 'insider-trading', 'pre-pump', 'board-meeting', 'other']),
  severity: z.enum(['critical', 'high', 'medium', 'low']),
  confidence: z.number().int().min(70).max(99),
  detectedAt: z.iso.datetime().optional(),
  filingUrl: z.string().url().optional(),
  formType: z.string().max(20).optional(),
  filedAt: z.iso.datetime().optional(),
  details: z.record(z.string(), z.unknown()).optional(),
});

const bodySchema = z.object({
  signals: z.array(signalSchema).max(50),
  prices: z
    .array(z.object({ symbol: z.string().min(1).max(20), at: z.iso.datetime(), priceUsd: z.number().positive(), volumeUsd: z.number().nonnegative().optional() }))
    .max(2000)
    .optional(),
  /** Announce the signals on the realtime bus, as ingest does. */
  announce: z.boolean().optional(),
});

export const POST = route(async (request) => {
  if (process.env.ENABLE_TEST_ROUTES !== '1') throw new AppError('not_found', 'Not found');
  const body = await readJson(request, bodySchema, 1024 * 1024);
  for (const price of body.prices ?? []) {
    const at = new Date(price.at);
    await db.marketPrice.upsert({
      where: { symbol_at: { symbol: price.symbol, at } },
      create: { symbol: price.symbol, at, priceUsd: price.priceUsd, volumeUsd: price.volumeUsd ?? null, source: 'e2e' },
      update: { priceUsd: price.priceUsd, volumeUsd: price.volumeUsd ?? null },
    });
  }
  const created = [];
  for (const signal of body.signals) {
    const company = signal.companyTicker ? await db.company.findFirst({ where: { ticker: signal.companyTicker } }) : null;
    const row = await db.signal.create({
      data: {
        sourceId: `e2e:${crypto.randomUUID()}`,
        companyId: company?.id ?? null,
        companyName: company?.name ?? signal.companyName ?? 'Unknown',
        description: signal.description,
        source: signal.source,
        detectedAt: signal.detectedAt ? new Date(signal.detectedAt) : new Date(),
        confidence: signal.confidence,
        signalType: signal.signalType,
        severity: signal.severity,
        filingUrl: signal.filingUrl ?? null,
        currentPrice: null,
        formType: signal.formType ?? null,
        filedAt: signal.filedAt ? new Date(signal.filedAt) : null,
        details: signal.details ? JSON.stringify(signal.details) : null,
      },
    });
    const view = signalView(row);
    if (body.announce) await announceSignal(getBus(), view);
    created.push(view);
  }
  return Response.json(created, { status: 201 });
});
