import type { Figure } from './market-metrics';
import type { StoredFigures } from './metrics-store';
import { riskInputsOf } from './risk-inputs';

const measured = (value: number, asOf: string, source: string): Figure => ({ value, asOf, inputs: [{ name: 'input', value, asOf, source }], missing: [] });
const unknown = (reason: string): Figure => ({ value: null, asOf: null, inputs: [], missing: [reason] });

const figures = {
  mNav: unknown('no share price or stated market cap stored'),
  shareVolatility: measured(1.05, '2026-02-05', 'yahoo-chart'),
  btcBeta: measured(0.69, '2026-02-05', 'yahoo-chart'),
  leverage: unknown('no total debt figure stored'),
} as StoredFigures;

it('marks each risk input measured (dated, sourced), missing or default, and says how volatility exposure was measured', () => {
  const inputs = riskInputsOf(figures, { exposureBasis: 'btc beta', missingInputs: ['mNAV', 'leverage', 'governance inputs'] });
  expect(inputs.map((input) => [input.name, input.status, input.asOf])).toEqual([
    ['mNAV', 'missing', null],
    ['Share volatility (30 d)', 'measured', '2026-02-05'],
    ['BTC beta (90 d)', 'measured', '2026-02-05'],
    ['Volatility exposure', 'measured', '2026-02-05'],
    ['Leverage', 'missing', null],
    ['Holdings history', 'measured', null],
    ['Governance inputs', 'missing', null],
  ]);
  expect(inputs[0]!.note).toBe('no share price or stated market cap stored; its risk term counts 0');
  expect(inputs[3]).toMatchObject({ source: 'yahoo-chart', note: 'BTC beta 0.69 × BTC volatility over the same 90 days' });
});

it('calls volatility exposure a default only when neither a beta nor an mNAV measured it', () => {
  const exposure = (basis: 'btc beta' | 'mNAV' | null, stored: StoredFigures | null) =>
    riskInputsOf(stored, { exposureBasis: basis, missingInputs: [] }).find((input) => input.name === 'Volatility exposure')!;
  expect(exposure(null, figures)).toMatchObject({ status: 'default', asOf: null });
  expect(exposure('mNAV', { ...figures, mNav: measured(0.68, '2026-08-21', 'strategy.com') })).toMatchObject({ status: 'measured', asOf: '2026-08-21', source: 'strategy.com' });
  // A row computed before betas were stored has none to show.
  expect(exposure(null, null)).toMatchObject({ status: 'default' });
  expect(riskInputsOf(null, { exposureBasis: null, missingInputs: [] })[2]).toMatchObject({ name: 'BTC beta (90 d)', status: 'missing', note: 'not computed yet; volatility exposure is estimated from mNAV or left at its default' });
});
