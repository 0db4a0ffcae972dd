import type { TreasuryAnalysis } from './schema';
import { holdingsTotals } from '@/lib/treasury/aggregates';
import { btcYieldsOf } from '@/lib/capital/btc-yield';
import type { KpisView } from '@/lib/capital/service';
import { writeYieldAnswer } from './btc-yield';
import { writeCompanyAnalysis, writeHelpAnswer, writeMarketAnswer } from './template';

const tracked: TreasuryAnalysis = {
  companyId: 'c1',
  companyPath: '/companies/MSTR',
  name: 'Strategy (MicroStrategy)',
  ticker: 'MSTR',
  tracked: true,
  healthGrade: 'B',
  aiRiskScore: 6.4,
  convictionScore: 8.1,
  governanceScore: 8.5,
  premiumToNav: null,
  bitcoinYield: 3.25,
  btcHoldings: 843775,
  holdingsAsOf: '2026-07-11T00:00:00.000Z',
  source: 'bitbo.io daily table',
  defaults: ['premiumToNav', 'volatilityExposure'],
};

const end = (date: string, btcHeld: number, countDate: string) => ({
  date,
  btcHeld,
  btcHeldAsOf: date,
  btcHeldSource: 'holdings table',
  shares: { date, shares: 1000, basis: 'assumed_diluted_strategy_kpi' as const, countDate, countSource: '8-K 0001 https://example.test/a', derived: false, addedShares: 0, addedFrom: [], currentTo: countDate, note: null },
  btcPerShare: btcHeld / 1000,
});

/** A KPI view as the service returns it: 90 and 365 days computed, 30 days not. */
function kpiView(basis: KpisView['basis']): KpisView {
  const ok = (name: '90d' | '365d', from: string, percent: number) => ({
    name,
    from,
    to: '2026-07-16',
    kpi: { ok: true as const, from: end(from, 100, from), to: end('2026-07-16', 110, '2026-07-16'), basis: basis!, basisLabel: 'x', btcYieldPercent: percent, btcGain: 1, btcDollarGain: null, btcPriceUsd: null, btcPriceAsOf: null },
  });
  return {
    company: { id: 'c1', name: 'Strategy', ticker: 'MSTR', exchange: 'NASDAQ' },
    basis,
    basisLabel: 'x',
    availableBases: basis ? [basis] : [],
    window: null,
    windows: [
      { name: '30d', from: '2026-06-16', to: '2026-07-16', kpi: { ok: false, reason: 'start: no count near 2026-06-16', from: '2026-06-16', to: '2026-07-16' } },
      ok('90d', '2026-04-17', 0.9543),
      ok('365d', '2025-07-16', -8.8255),
    ],
    daysToCoverMnav: { value: null, mNav: null, mNavBasis: null, mNavAsOf: null, btcYield90Percent: null, reason: null },
    companyFigure: null,
    reason: null,
  };
}

describe('BTC yield in chat', () => {
  it('gives every window with its basis, both dates and its sources, addresses left out', () => {
    const text = writeYieldAnswer('Strategy (MSTR)', btcYieldsOf(kpiView('assumed_diluted_strategy_kpi')));
    expect(text).toContain('90-day BTC yield +0.95% on assumed diluted shares, Apr 17, 2026 to Jul 16, 2026 (sources: holdings table; 8-K 0001).');
    expect(text).toContain('365-day BTC yield -8.83% on assumed diluted shares, Jul 16, 2025 to Jul 16, 2026');
    expect(text).toContain('30-day BTC yield: not computable (start: no count near 2026-06-16).');
    expect(text).toContain("Basis: assumed diluted shares, as in Strategy's own KPI");
    expect(text).not.toContain('example.test');
  });

  it('labels a basic-share figure as such', () => {
    const text = writeYieldAnswer('Acme (ACME)', btcYieldsOf(kpiView('basic_outstanding_strategytracker')));
    expect(text).toContain('on basic shares, Apr 17, 2026');
    expect(text).toContain('Basis: basic shares, labelled so because no assumed diluted counts are stored');
  });

  it('says why when no window is computable', () => {
    const view = { ...kpiView(null), windows: [], reason: 'fewer than two dated share counts of one point-in-time basis are stored for this company' };
    expect(writeYieldAnswer('Acme (ACME)', btcYieldsOf(view))).toBe(
      "Acme (ACME)'s BTC yield is not computable: fewer than two dated share counts of one point-in-time basis are stored for this company. This is not financial advice.",
    );
  });
});

describe('template analysis', () => {
  it('names grade, risk, conviction, governance, mNAV, holdings with source and date, and the defaults', () => {
    const text = writeCompanyAnalysis(tracked, 90_000, btcYieldsOf(kpiView('assumed_diluted_strategy_kpi')));
    expect(text).toContain('Strategy (MicroStrategy) (MSTR) holds 843,775 BTC');
    expect(text).toContain('(about $75.9B at $90,000 per BTC)');
    expect(text).toContain('as of Jul 11, 2026, according to bitbo.io daily table');
    expect(text).toContain('Health grade B; AI risk score 6.4/10, low risk; conviction score 8.1/10; governance score 8.5/10.');
    expect(text).toContain('mNAV is unknown: no market capitalisation is stored.');
    expect(text).toContain('90-day BTC yield +0.95% on assumed diluted shares, Apr 17, 2026 to Jul 16, 2026 (sources: holdings table; 8-K 0001).');
    expect(text).toContain('Defaults for want of data: mNAV, volatility exposure.');
    expect(text).toMatch(/This is not financial advice\.$/);
  });

  it('marks each default figure and says a preliminary analysis rests on the message alone', () => {
    const text = writeCompanyAnalysis(
      { ...tracked, tracked: false, name: 'Acme Corp', ticker: 'ACME', btcHoldings: 500, holdingsAsOf: null, source: 'your message', healthGrade: 'C', aiRiskScore: 5, convictionScore: 5, premiumToNav: 1.5, bitcoinYield: null, defaults: ['healthGrade', 'aiRiskScore', 'convictionScore', 'governanceScore'] },
      null,
    );
    expect(text).toContain('Preliminary analysis of Acme Corp (ACME), which is not tracked yet: it is computed only from the 500 BTC stated in your message.');
    expect(text).toContain('Health grade C (default); AI risk score 5/10 (default), low risk; conviction score 5/10 (default); governance score 8.5/10 (default).');
    expect(text).toContain('mNAV is 1.50x: the market values the company above the bitcoin it holds.');
    expect(text).not.toContain('BTC yield');
  });

  it('writes the one total (confirmed figures, the companies left out named), sectors and the largest holders from the figures given', () => {
    const totals = holdingsTotals(
      [
        { name: 'Strategy (MicroStrategy)', ticker: 'MSTR', btcHoldings: 999_000, flagged: false, holdingsConfirmed: true },
        { name: 'Twenty One Capital (XXI)', ticker: 'XXI', btcHoldings: 1_000, flagged: false, holdingsConfirmed: true },
        { name: 'Hut 8 Corp', ticker: 'HUT', btcHoldings: 15_679, flagged: true, holdingsConfirmed: true },
      ],
      90_000,
    );
    const text = writeMarketAnswer({
      trackedCompanies: 156,
      totals,
      btcPriceUsd: 90_000,
      btcPricedAt: '2026-07-11T00:00:00.000Z',
      averageRiskScore: 5.2,
      highRiskCompanies: 12,
      totalActiveSignals: 3,
      sectors: [{ sector: 'Financial', percentage: 80.5, count: 40 }],
      topHolders: [{ name: 'Strategy (MicroStrategy)', ticker: 'MSTR', btcHoldings: 843775 }],
    });
    expect(text).toContain(
      'The platform tracks 156 public companies. 2 companies with confirmed figures hold 1,000,000 BTC ($90.0B at $90,000 per BTC, price of Jul 11, 2026); left out: 1 company flagged or unconfirmed, 15,679 BTC (Hut 8 Corp (HUT): flagged, 15,679 BTC).',
    );
    expect(text).toContain('Financial 80.5% (40 companies)');
    expect(text).toContain('Largest holders: Strategy (MicroStrategy) 843,775 BTC.');
    expect(text).toContain('12 companies score 7 or more. 3 signals were detected in the last 30 days.');
  });

  it('lists what the assistant can do', () => {
    expect(writeHelpAnswer(156)).toContain("I answer from the platform's database of 156 tracked companies.");
  });
});
