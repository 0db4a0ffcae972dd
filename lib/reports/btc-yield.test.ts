import type { CompanyBtcYields } from '../capital/btc-yield';
import { yieldCell, yieldCsvCells, yieldCsvHeader, yieldNote } from './btc-yield';

const figure = (window: '30d' | '90d' | '365d', percent: number | null, from: string | null) => ({
  window,
  percent,
  basis: 'assumed_diluted_strategy_kpi' as const,
  basisLabel: 'assumed diluted shares',
  from,
  to: percent === null ? null : '2026-07-16',
  sources: percent === null ? [] : ['holdings table', '8-K 0001'],
  reason: percent === null ? 'start: no count near 2026-06-16' : null,
});

const mstr: CompanyBtcYields = {
  companyId: 'm',
  basis: 'assumed_diluted_strategy_kpi',
  basisLabel: 'assumed diluted shares',
  windows: { '30d': figure('30d', null, null), '90d': figure('90d', 0.9543, '2026-04-17'), '365d': figure('365d', -8.8255, '2025-07-16') },
};

describe('BTC yield in the reports', () => {
  it('shows the 90-day figure in a table cell, "-" where the KPI service has none', () => {
    expect(yieldCell(mstr)).toBe('+0.95%');
    expect(yieldCell(undefined)).toBe('-');
  });

  it("notes each shown figure's basis, dates and sources under the table", () => {
    const companies = [
      { id: 'm', name: 'Strategy', ticker: 'MSTR' },
      { id: 'x', name: 'Other', ticker: 'OTH' },
    ];
    const note = yieldNote(companies, new Map([['m', mstr]]));
    expect(note).toContain('Strategy (MSTR): +0.95% on assumed diluted shares, Apr 17, 2026 to Jul 16, 2026 (sources: holdings table; 8-K 0001).');
    expect(note).not.toContain('Other');
    expect(yieldNote(companies.slice(1), new Map())).toContain('No company in this table has two dated share counts');
  });

  it('gives the CSV the basis, each window with its two dates, and the sources; empty cells without a figure', () => {
    const row = Object.fromEntries(yieldCsvHeader.map((name, index) => [name, yieldCsvCells(mstr)[index]]));
    expect(row).toEqual({
      btc_yield_basis: 'assumed diluted shares',
      btc_yield_30d_pct: null,
      btc_yield_30d_from: null,
      btc_yield_30d_to: null,
      btc_yield_90d_pct: 0.9543,
      btc_yield_90d_from: '2026-04-17',
      btc_yield_90d_to: '2026-07-16',
      btc_yield_365d_pct: -8.8255,
      btc_yield_365d_from: '2025-07-16',
      btc_yield_365d_to: '2026-07-16',
      btc_yield_sources: 'holdings table; 8-K 0001',
    });
    expect(yieldCsvCells(undefined).every((cell) => cell === null)).toBe(true);
  });
});
