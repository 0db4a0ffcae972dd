import { gradeDistribution, median, nextRunAt, riskHistogram, shareGradedAB, stressScenarios, topBySignalCount, type ReportCompany, type ReportSignal } from './figures';

function company(overrides: Partial<ReportCompany>): ReportCompany {
  return {
    id: overrides.name ?? 'c',
    name: 'Company',
    ticker: 'CO',
    sector: 'Technology',
    btcHoldings: 100,
    avgCostUsd: null,
    marketCapUsd: null,
    flagged: false,
    holdingsConfirmed: true,
    healthGrade: 'C',
    aiRiskScore: 5,
    convictionScore: 5,
    governanceScore: 7,
    premiumToNav: null,
    ...overrides,
  };
}

describe('nextRunAt (UTC)', () => {
  const wednesday = new Date('2026-11-25T10:30:00Z');

  it('runs daily schedules later today, else tomorrow', () => {
    expect(nextRunAt({ cadence: 'daily', hour: 15, minute: 0 }, wednesday).toISOString()).toBe('2026-11-25T15:00:00.000Z');
    expect(nextRunAt({ cadence: 'daily', hour: 6, minute: 0 }, wednesday).toISOString()).toBe('2026-11-26T06:00:00.000Z');
    expect(nextRunAt({ cadence: 'daily', hour: 6, minute: 0 }, new Date('2026-12-31T07:00:00Z')).toISOString()).toBe('2027-01-01T06:00:00.000Z');
  });

  it('is strictly after the given time, so a run just made is not due again', () => {
    expect(nextRunAt({ cadence: 'daily', hour: 6, minute: 0 }, new Date('2026-11-25T06:00:00Z')).toISOString()).toBe('2026-11-26T06:00:00.000Z');
  });

  it('runs weekly schedules on the next such weekday', () => {
    expect(nextRunAt({ cadence: 'weekly', dayOfWeek: 1, hour: 9, minute: 0 }, wednesday).toISOString()).toBe('2026-11-30T09:00:00.000Z');
    const mondayMorning = new Date('2026-11-30T08:59:00Z');
    expect(nextRunAt({ cadence: 'weekly', dayOfWeek: 1, hour: 9, minute: 0 }, mondayMorning).toISOString()).toBe('2026-11-30T09:00:00.000Z');
    expect(nextRunAt({ cadence: 'weekly', dayOfWeek: 1, hour: 9, minute: 0 }, new Date('2026-11-30T09:00:00Z')).toISOString()).toBe('2026-12-07T09:00:00.000Z');
  });

  it('runs monthly schedules on the day, or the month’s last day when shorter', () => {
    expect(nextRunAt({ cadence: 'monthly', dayOfMonth: 31, hour: 9, minute: 0 }, wednesday).toISOString()).toBe('2026-11-30T09:00:00.000Z');
    expect(nextRunAt({ cadence: 'monthly', dayOfMonth: 31, hour: 9, minute: 0 }, new Date('2026-11-30T10:00:00Z')).toISOString()).toBe('2026-12-31T09:00:00.000Z');
    expect(nextRunAt({ cadence: 'monthly', dayOfMonth: 30, hour: 9, minute: 0 }, new Date('2027-02-01T00:00:00Z')).toISOString()).toBe('2027-02-28T09:00:00.000Z');
  });

  it('runs a dated schedule on the next August 31st', () => {
    expect(nextRunAt({ cadence: 'once', dayOfMonth: 31, monthOfYear: 8, hour: 9, minute: 0 }, wednesday).toISOString()).toBe('2027-08-31T09:00:00.000Z');
    expect(nextRunAt({ cadence: 'once', dayOfMonth: 31, monthOfYear: 8, hour: 9, minute: 0 }, new Date('2027-08-01T00:00:00Z')).toISOString()).toBe('2027-08-31T09:00:00.000Z');
  });
});

describe('report figures', () => {
  const companies = [
    company({ name: 'A1', healthGrade: 'A', aiRiskScore: 3, btcHoldings: 1000, avgCostUsd: 60_000, premiumToNav: 2 }),
    company({ name: 'B1', healthGrade: 'B', aiRiskScore: 6.5, btcHoldings: 500, avgCostUsd: 90_000, premiumToNav: 0.8 }),
    company({ name: 'C1', healthGrade: 'C', aiRiskScore: 7.2, btcHoldings: 300, premiumToNav: 1.2 }),
    company({ name: 'F1', healthGrade: 'F', aiRiskScore: 9, btcHoldings: 200 }),
  ];

  it('counts grades in A-F order and the share graded A or B', () => {
    expect(gradeDistribution(companies)).toEqual([
      { label: 'A', value: 1 },
      { label: 'B', value: 1 },
      { label: 'C', value: 1 },
      { label: 'D', value: 0 },
      { label: 'F', value: 1 },
    ]);
    expect(shareGradedAB(companies)).toBe(50);
    expect(shareGradedAB([])).toBe(0);
  });

  it('bands risk scores at the spec thresholds', () => {
    expect(riskHistogram([1, 3, 5, 6.9, 7, 8.4, 8.5, 10]).map((band) => band.value)).toEqual([1, 1, 1, 1, 2, 2]);
  });

  it('stresses treasury value and mNAV from holdings', () => {
    const [twenty, forty, sixty] = stressScenarios(companies, 100_000);
    // 2,000 BTC at $100,000 = $200M.
    expect(twenty!.btcPriceUsd).toBe(80_000);
    expect(twenty!.treasuryValueUsd).toBe(160_000_000);
    expect(twenty!.valueChangeUsd).toBe(-40_000_000);
    expect(twenty!.medianMnavBefore).toBe(1.2);
    expect(twenty!.medianMnav).toBe(1.5);
    expect(twenty!.underwater).toBe(1); // B1 bought at $90,000
    expect(forty!.underwater).toBe(1); // A1's cost of $60,000 equals the stressed price: not below it
    expect(sixty!.underwater).toBe(2);
    expect(sixty!.medianMnav).toBe(3);
    expect(sixty!.aboveThreeTimesNav).toBe(1); // A1: 2 / 0.4 = 5
  });

  it('ranks companies by signal count', () => {
    const signal = (companyName: string, severity: string): ReportSignal => ({
      id: `${companyName}-${severity}-${Math.random()}`,
      companyId: companyName,
      companyName,
      description: 'x',
      source: 'SEC',
      signalType: 'sec-filing',
      severity,
      confidence: 90,
      detectedAt: new Date(),
    });
    const ranking = topBySignalCount([signal('Beta', 'low'), signal('Alpha', 'critical'), signal('Alpha', 'low'), signal('Gamma', 'critical'), signal('Beta', 'critical')]);
    expect(ranking.map((entry) => [entry.companyName, entry.total, entry.critical])).toEqual([
      ['Alpha', 2, 1],
      ['Beta', 2, 1],
      ['Gamma', 1, 1],
    ]);
  });

  it('takes the median of odd and even lists', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(median([])).toBeNull();
  });
});
