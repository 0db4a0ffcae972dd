import type { Figure } from './market-metrics';
import type { CompanyMetrics } from './metrics';
import type { StoredFigures } from './metrics-store';

// The inputs of the risk model as the company dialog lists them: each measured (with its date and
// source), missing (its term counts 0) or a default (volatility exposure only, spec 001 §9).

type RiskInputStatus = 'measured' | 'missing' | 'default';

export interface RiskInput {
  name: string;
  status: RiskInputStatus;
  asOf: string | null;
  source: string | null;
  /** How it was measured, or why it is not. */
  note: string;
}

const sourcesOf = (figure: Figure) => [...new Set(figure.inputs.map((input) => input.source))].join(', ') || null;

function fromFigure(name: string, figure: Figure | undefined, basis: string, whenMissing = 'its risk term counts 0'): RiskInput {
  if (figure && figure.value !== null) return { name, status: 'measured', asOf: figure.asOf, source: sourcesOf(figure), note: basis };
  return { name, status: 'missing', asOf: null, source: null, note: `${figure?.missing[0] ?? 'not computed yet'}; ${whenMissing}` };
}

function exposureInput(figures: StoredFigures | null, basis: CompanyMetrics['exposureBasis']): RiskInput {
  const name = 'Volatility exposure';
  const beta = figures?.btcBeta;
  if (basis === 'btc beta' && beta?.value != null) {
    return { name, status: 'measured', asOf: beta.asOf, source: sourcesOf(beta), note: `BTC beta ${beta.value.toFixed(2)} × BTC volatility over the same 90 days` };
  }
  if (basis === 'mNAV' && figures?.mNav.value != null) {
    return { name, status: 'measured', asOf: figures.mNav.asOf, source: sourcesOf(figures.mNav), note: 'estimated from NAV ÷ market cap (no BTC beta)' };
  }
  return { name, status: 'default', asOf: null, source: null, note: 'no BTC beta and no mNAV: the documented default 5 is shown' };
}

/** The risk model's inputs for one company, from its stored figures and metrics. */
export function riskInputsOf(figures: StoredFigures | null, metrics: Pick<CompanyMetrics, 'exposureBasis' | 'missingInputs'>): RiskInput[] {
  const known = (input: CompanyMetrics['missingInputs'][number], name: string, note: string): RiskInput =>
    metrics.missingInputs.includes(input)
      ? { name, status: 'missing', asOf: null, source: null, note: 'no data; its terms count 0' }
      : { name, status: 'measured', asOf: null, source: null, note };
  return [
    fromFigure('mNAV', figures?.mNav, 'market cap ÷ (BTC held × BTC price)'),
    fromFigure('Share volatility (30 d)', figures?.shareVolatility, 'realised volatility of daily closes'),
    fromFigure('BTC beta (90 d)', figures?.btcBeta, 'share against BTC daily returns on the same dates', 'volatility exposure is estimated from mNAV or left at its default'),
    exposureInput(figures, metrics.exposureBasis),
    fromFigure('Leverage', figures?.leverage, 'total debt ÷ BTC NAV'),
    known('holdings history', 'Holdings history', 'sales and staleness from the stored readings'),
    known('governance inputs', 'Governance inputs', 'SEC registration, source document, disclosed cost'),
  ];
}
