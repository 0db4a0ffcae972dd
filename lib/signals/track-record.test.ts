import { computeTrackRecord, minimumResolvedSignals, pumpCheck } from './track-record';

const at = (date: string) => new Date(`${date}T00:00:00Z`);

describe('computeTrackRecord', () => {
  const dataEnd = at('2026-07-11');

  it('counts a signal followed by an increase of its company within 30 days, with the lead time (by hand)', () => {
    // 20 resolved signals of 20 companies: 5 followed (lead times 2, 4, 6, 8, 10 days: mean 6), 15 not.
    const signals = Array.from({ length: 20 }, (_, index) => ({ companyId: `c${index}`, detectedAt: new Date(at('2026-01-01').getTime() + index * 5 * 86_400_000) }));
    const increases = signals.slice(0, 5).map((signal, index) => ({ companyId: signal.companyId!, at: new Date(signal.detectedAt.getTime() + (index + 1) * 2 * 86_400_000) }));
    const record = computeTrackRecord(signals, increases, dataEnd);
    expect(record).toEqual({ windowDays: 30, resolved: 20, followed: 5, accuracyPct: 25, falsePositivePct: 75, leadTimeDays: 6, minimum: minimumResolvedSignals });
  });

  it('ignores increases of other companies, on the detection instant itself, and after the window', () => {
    const signals = Array.from({ length: 20 }, () => ({ companyId: 'a', detectedAt: at('2026-03-01') }));
    const increases = [
      { companyId: 'b', at: at('2026-03-02') },
      { companyId: 'a', at: at('2026-03-01') },
      { companyId: 'a', at: at('2026-04-01') },
    ];
    expect(computeTrackRecord(signals, increases, dataEnd)).toMatchObject({ resolved: 20, followed: 0, accuracyPct: 0, falsePositivePct: 100, leadTimeDays: null });
  });

  it('states no rate below 20 resolved signals, and leaves unresolved and company-less signals out', () => {
    const signals = [
      ...Array.from({ length: 19 }, () => ({ companyId: 'a', detectedAt: at('2026-03-01') })),
      { companyId: 'a', detectedAt: at('2026-07-01') },
      { companyId: null, detectedAt: at('2026-03-01') },
    ];
    expect(computeTrackRecord(signals, [], dataEnd)).toMatchObject({ resolved: 19, accuracyPct: null, falsePositivePct: null, leadTimeDays: null });
    expect(computeTrackRecord(signals, [], null)).toMatchObject({ resolved: 0 });
  });
});

describe('pumpCheck', () => {
  const closes = (values: number[]) => values.map((close, index) => ({ date: at(`2026-06-0${index + 1}`), close }));

  it('marks a rise of 10 % or more between the last four closes before the signal', () => {
    expect(pumpCheck(closes([100, 95, 104, 105]), at('2026-06-05'))).toEqual({
      status: 'pump',
      risePct: 10.5,
      from: { date: '2026-06-02', close: 95 },
      to: { date: '2026-06-04', close: 105 },
      tradingDays: 3,
    });
  });

  it('clears a smaller rise and ignores closes after the signal', () => {
    expect(pumpCheck(closes([100, 101, 103, 104, 200]), at('2026-06-04'))).toMatchObject({ status: 'clear', risePct: 4 });
  });

  it('says there is no price history with fewer than four closes or none near the signal', () => {
    expect(pumpCheck(closes([100, 101]), at('2026-06-05'))).toMatchObject({ status: 'no-price-history', reason: expect.stringContaining('2 stored closes') });
    expect(pumpCheck(closes([100, 101, 102, 103]), at('2026-07-01'))).toMatchObject({ status: 'no-price-history' });
  });
});
