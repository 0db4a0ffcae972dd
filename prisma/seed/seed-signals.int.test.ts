import { db } from '../../lib/db';
import { resetDatabase } from '@/test/support/database';
import { seedCompanies } from './seed';
import { seedHoldingHistory } from './seed-history';
import { holdingsSignalSource } from '../../lib/data-sources/catalogue';
import { seedHistorySignals } from './seed-signals';
import { isoDay } from '../../lib/dates';

// The whole history file is imported first (48,000 rows); on PostgreSQL that takes several seconds.
jest.setTimeout(60_000);

describe('seedHistorySignals on the recorded history', () => {
  let first: { signals: number; discoveries: number };

  beforeAll(async () => {
    await resetDatabase();
    await seedCompanies(db);
    await seedHoldingHistory(db);
    first = await seedHistorySignals(db);
  });

  it('turns every recorded change and every later first appearance into one signal', async () => {
    const changes = await db.holdingChange.count({ where: { oldQuantity: { not: null } } });
    const discoveries = await db.discovery.count();
    expect(first.signals).toBe(changes + discoveries);
    expect(await db.signal.count({ where: { source: holdingsSignalSource } })).toBe(first.signals);
    expect(discoveries).toBe(first.discoveries);
    expect(discoveries).toBeGreaterThan(0);
  });

  it("states Strategy's recorded purchase of 2026-05-19 with its figures", async () => {
    const signal = await db.signal.findFirstOrThrow({ where: { description: { startsWith: 'Strategy (MicroStrategy) added 24,869 BTC' } } });
    expect(signal).toMatchObject({ severity: 'critical', signalType: 'other', confidence: 90 });
    expect(signal.detectedAt.toISOString()).toBe('2026-05-19T00:00:00.000Z');
  });

  it('records a first appearance as a confirmed discovery of that company', async () => {
    const discovery = await db.discovery.findFirstOrThrow({ where: { companyName: 'BitGo Holdings, Inc.' } });
    expect(discovery).toMatchObject({ status: 'confirmed', type: 'filing', priority: 'high' });
    expect(discovery.companyId).not.toBeNull();
    expect(isoDay(discovery.detectedAt)).toBe('2026-06-17');
  });

  it('raises no signal from a quarantined figure: HIVE\'s copy of Capital B\'s 2,201 BTC, Hut 8 and Riot at 15,679 BTC', async () => {
    const signals = await db.signal.findMany({
      where: { source: holdingsSignalSource, company: { ticker: { in: ['HIVE', 'HUT', 'RIOT'] } } },
      select: { description: true },
    });
    expect(signals.length).toBeGreaterThan(0);
    expect(signals.some((signal) => /2,201|15,679|1,991/.test(signal.description))).toBe(false);
  });

  it('removes a holdings-move signal the history no longer records (left by a seed from before the checks)', async () => {
    const hive = await db.company.findFirstOrThrow({ where: { ticker: 'HIVE' } });
    await db.signal.create({
      data: {
        sourceId: `holdings:${hive.id}:2025-11-20:2201:210`,
        companyId: hive.id,
        companyName: hive.name,
        description: 'HIVE Digital Technologies reduced holdings by 1,991 BTC (-90.46%), now holding 210 BTC',
        source: holdingsSignalSource,
        detectedAt: new Date('2025-11-20T00:00:00Z'),
        confidence: 90,
        signalType: 'other',
        severity: 'critical',
      },
    });
    await seedHistorySignals(db);
    expect(await db.signal.count({ where: { sourceId: `holdings:${hive.id}:2025-11-20:2201:210` } })).toBe(0);
  });

  it('adds nothing when it runs again', async () => {
    expect(await seedHistorySignals(db)).toEqual({ signals: 0, discoveries: 0 });
  });
});
