import { db } from '../db';
import { historySource } from '../../prisma/seed/seed-history';
import { MemoryBus } from '../realtime/bus';
import type { RealtimeEvent } from '../realtime/channels';
import { resetDatabase } from '@/test/support/database';
import { applyHoldingsUpdate } from './holdings';

const day = (date: string) => new Date(`${date}T00:00:00Z`);
const filingUrl = 'https://www.sec.gov/Archives/edgar/data/1050446/000119312526009811/mstr-20260105.htm';

let bus: MemoryBus;
let events: RealtimeEvent[];
beforeEach(async () => {
  await resetDatabase();
  bus = new MemoryBus();
  events = [];
  // What was published, without the id the bus's log gave it.
  bus.subscribe(({ type, data }) => events.push({ type, data }));
});

const company = (data: { btcHoldings: number; holdingsAsOf: Date; flagReason?: string }) =>
  db.company.create({ data: { name: 'Strategy', ticker: 'MSTR', exchange: 'NASDAQ', source: 'test', secCik: '0001050446', flagged: !!data.flagReason, ...data } });

const update = (companyId: string, quantity: number, asOf: string) => ({
  companyId,
  quantity,
  asOf: day(asOf),
  source: 'SEC EDGAR 8-K',
  sourceUrl: filingUrl,
  filedAt: new Date('2026-01-12T13:00:28Z'),
});

it('writes the snapshot, the audit row and the current figure, then announces the change', async () => {
  const { id } = await company({ btcHoldings: 673_783, holdingsAsOf: day('2026-01-04') });
  const hook = jest.fn(async () => {});
  const learnedAt = new Date('2026-01-12T14:00:00Z');

  const result = await applyHoldingsUpdate(db, { ...update(id, 687_410, '2026-01-11'), note: '8-K 0001193125-26-009811' }, { bus, onHoldingsChanged: hook, now: learnedAt });

  expect(result).toEqual({ snapshot: 'created', isCurrent: true, changed: true, previousQuantity: 673_783, conflicts: [], flagged: false, flagReason: null, quarantine: null });
  expect(await db.holdingSnapshot.findMany()).toEqual([
    expect.objectContaining({ companyId: id, asset: 'BTC', quantity: 687_410, asOf: day('2026-01-11'), source: 'SEC EDGAR 8-K', sourceUrl: filingUrl }),
  ]);
  expect(await db.holdingChange.findMany()).toEqual([
    expect.objectContaining({ oldQuantity: 673_783, newQuantity: 687_410, source: 'SEC EDGAR 8-K', sourceUrl: filingUrl, learnedAt, note: '8-K 0001193125-26-009811' }),
  ]);
  expect(await db.company.findUniqueOrThrow({ where: { id } })).toMatchObject({
    btcHoldings: 687_410,
    holdingsAsOf: day('2026-01-11'),
    holdingsSourceUrl: filingUrl,
    holdingsFiledAt: new Date('2026-01-12T13:00:28Z'),
  });
  expect(hook).toHaveBeenCalledWith([id]);
  expect(events).toEqual([{ type: 'company_update', data: expect.objectContaining({ companyId: id, ticker: 'MSTR', btcHoldings: 687_410, previousBtcHoldings: 673_783 }) }]);
});

it('changes nothing the second time', async () => {
  const { id } = await company({ btcHoldings: 673_783, holdingsAsOf: day('2026-01-04') });
  await applyHoldingsUpdate(db, update(id, 687_410, '2026-01-11'), { bus });
  events.length = 0;
  const again = await applyHoldingsUpdate(db, update(id, 687_410, '2026-01-11'), { bus });
  expect(again).toMatchObject({ snapshot: 'unchanged', isCurrent: true, changed: false });
  expect(await db.holdingChange.count()).toBe(1);
  expect(await db.holdingSnapshot.count()).toBe(1);
  expect(events).toEqual([]);
});

it('keeps a newer current figure and only records the older one as history', async () => {
  const { id } = await company({ btcHoldings: 843_775, holdingsAsOf: day('2026-07-11') });
  const hook = jest.fn(async () => {});
  const result = await applyHoldingsUpdate(db, update(id, 687_410, '2026-01-11'), { bus, onHoldingsChanged: hook });
  expect(result).toMatchObject({ snapshot: 'created', isCurrent: false, changed: false });
  expect(await db.company.findUniqueOrThrow({ where: { id } })).toMatchObject({ btcHoldings: 843_775, holdingsAsOf: day('2026-07-11') });
  expect(await db.holdingChange.count()).toBe(0);
  expect(hook).not.toHaveBeenCalled();
});

it("flags a disagreement of more than 5 % with another source's latest figure for the same week, keeping both", async () => {
  const { id } = await company({ btcHoldings: 673_783, holdingsAsOf: day('2026-01-04'), flagReason: 'Checked by hand.' });
  await db.holdingSnapshot.createMany({
    data: [
      { companyId: id, quantity: 600_000, asOf: day('2026-01-05'), source: historySource },
      { companyId: id, quantity: 650_000, asOf: day('2026-01-10'), source: historySource },
      { companyId: id, quantity: 687_000, asOf: day('2026-01-11'), source: 'CoinGecko treasury' },
      { companyId: id, quantity: 100_000, asOf: day('2025-12-01'), source: 'old source' },
    ],
  });

  const result = await applyHoldingsUpdate(db, update(id, 687_410, '2026-01-11'), { bus });

  // bitbo's newest figure in the period (650,000 on 01-10) is 5.8 % away; CoinGecko's is within 5 %; December is another period.
  expect(result.conflicts).toEqual([{ source: historySource, quantity: 650_000, asOf: day('2026-01-10') }]);
  const reason = 'SEC EDGAR 8-K reports 687,410 BTC as of 2026-01-11; bitbo.io daily table reports 650,000 BTC as of 2026-01-10 (5.8% apart).';
  expect(await db.company.findUniqueOrThrow({ where: { id } })).toMatchObject({ flagged: true, flagReason: `Checked by hand. | ${reason}`, btcHoldings: 687_410 });
  expect(await db.holdingSnapshot.count({ where: { companyId: id } })).toBe(5);
  expect(events).toEqual([{ type: 'company_update', data: expect.objectContaining({ flagged: true, flagReason: `Checked by hand. | ${reason}` }) }]);

  // The same disagreement is not appended twice.
  await applyHoldingsUpdate(db, update(id, 687_410, '2026-01-11'), { bus });
  expect((await db.company.findUniqueOrThrow({ where: { id } })).flagReason).toBe(`Checked by hand. | ${reason}`);
});

it('refuses a quantity that is not one', async () => {
  const { id } = await company({ btcHoldings: 1, holdingsAsOf: day('2026-01-04') });
  await expect(applyHoldingsUpdate(db, update(id, -5, '2026-01-11'))).rejects.toThrow('Holdings of -5 BTC are not a quantity');
});

describe('plausibility checks on an ingested figure', () => {
  it('quarantines a figure equal to another company\'s on the same day: not current, no change, company flagged', async () => {
    const { id } = await company({ btcHoldings: 13_696, holdingsAsOf: day('2026-04-01') });
    const riot = await db.company.create({ data: { name: 'Riot Platforms', ticker: 'RIOT', exchange: 'NASDAQ', source: 'test', btcHoldings: 15_679, holdingsAsOf: day('2026-04-15') } });
    await db.holdingSnapshot.createMany({
      data: [
        { companyId: id, quantity: 13_696, asOf: day('2026-04-01'), source: historySource, sourceUrl: 'https://bitbo.io/treasuries/' },
        { companyId: riot.id, quantity: 15_680, asOf: day('2026-04-14'), source: historySource, sourceUrl: 'https://bitbo.io/treasuries/' },
        { companyId: riot.id, quantity: 15_679, asOf: day('2026-04-15'), source: historySource, sourceUrl: 'https://bitbo.io/treasuries/' },
      ],
    });
    const hook = jest.fn(async () => {});

    const result = await applyHoldingsUpdate(db, update(id, 15_679, '2026-04-15'), { bus, onHoldingsChanged: hook });

    expect(result).toMatchObject({ snapshot: 'created', isCurrent: false, changed: false, flagged: true, quarantine: { check: 'same-figure' } });
    expect(await db.holdingSnapshot.findFirstOrThrow({ where: { companyId: id, asOf: day('2026-04-15') } })).toMatchObject({ quarantined: true, quarantineCheck: 'same-figure' });
    expect(await db.company.findUniqueOrThrow({ where: { id } })).toMatchObject({ btcHoldings: 13_696, flagged: true, flagCheck: 'same-figure' });
    expect(await db.holdingChange.count()).toBe(0);
    expect(hook).not.toHaveBeenCalled();
  });

  it('quarantines the middle of a jump that the new figure reverts', async () => {
    const { id } = await company({ btcHoldings: 1_000, holdingsAsOf: day('2026-03-01') });
    await db.holdingSnapshot.createMany({
      data: [
        { companyId: id, quantity: 1_000, asOf: day('2026-03-01'), source: historySource, sourceUrl: 'https://bitbo.io/treasuries/' },
        { companyId: id, quantity: 9_000, asOf: day('2026-03-02'), source: historySource, sourceUrl: 'https://bitbo.io/treasuries/' },
      ],
    });
    const result = await applyHoldingsUpdate(db, update(id, 1_010, '2026-03-05'), { bus });
    expect(result.quarantine).toBeNull();
    expect(await db.holdingSnapshot.findFirstOrThrow({ where: { companyId: id, asOf: day('2026-03-02') } })).toMatchObject({ quarantined: true, quarantineCheck: 'reverting-jump' });
  });

  it('quarantines a change with no filing behind it, and a filed figure confirms a claimed holding', async () => {
    const { id } = await company({ btcHoldings: 500, holdingsAsOf: day('2026-03-01') });
    await db.company.update({ where: { id }, data: { holdingsConfirmed: false } });
    await db.holdingSnapshot.create({ data: { companyId: id, quantity: 500, asOf: day('2026-03-01'), source: 'chat' } });
    const unfiled = await applyHoldingsUpdate(db, { companyId: id, quantity: 800, asOf: day('2026-03-03'), source: 'a table' }, { bus });
    expect(unfiled.quarantine).toMatchObject({ check: 'unfiled-change' });
    expect(await db.company.findUniqueOrThrow({ where: { id } })).toMatchObject({ btcHoldings: 500, holdingsConfirmed: false });

    await applyHoldingsUpdate(db, update(id, 520, '2026-03-04'), { bus });
    expect(await db.company.findUniqueOrThrow({ where: { id } })).toMatchObject({ btcHoldings: 520, holdingsConfirmed: true });
  });
});
