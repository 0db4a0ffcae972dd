import { formatBtc, formatDay, formatMoney, riskLevel } from '@/lib/format';
import { nameWithTicker, totalsSentence, type HoldingsTotals } from '@/lib/treasury/aggregates';
import type { CompanyBtcYields } from '@/lib/capital/btc-yield';
import { yieldSentence } from './btc-yield';
import type { TreasuryAnalysis } from './schema';

// The assistant's prose when no language model is configured: every sentence is built from stored
// figures, and the figures that are defaults are named as such.

const metricLabels: Record<string, string> = {
  healthGrade: 'health grade',
  aiRiskScore: 'AI risk score',
  convictionScore: 'conviction score',
  governanceScore: 'governance score',
  dryPowderScore: 'dry powder score',
  premiumToNav: 'mNAV',
  bitcoinYield: 'holdings growth',
  insiderTimingSignal: 'insider timing signal',
  volatilityExposure: 'volatility exposure',
};

const score = (value: number) => `${Number.isInteger(value) ? value : value.toFixed(1)}/10`;

const disclaimer = 'This is not financial advice.';

/**
 * The written analysis of a company's metrics: grade, risk, conviction, governance, mNAV, holdings
 * with source and date, the 90-day BTC yield of the KPI service with its basis and dates, defaults.
 */
export function writeCompanyAnalysis(analysis: TreasuryAnalysis, btcPriceUsd: number | null, yields: CompanyBtcYields | null = null): string {
  const value = btcPriceUsd ? ` (about ${formatMoney(analysis.btcHoldings * btcPriceUsd)} at ${formatMoney(btcPriceUsd)} per BTC)` : '';
  const asOf = analysis.holdingsAsOf ? ` as of ${formatDay(analysis.holdingsAsOf)}` : '';
  const sentences: string[] = [];
  if (analysis.tracked) {
    sentences.push(`${nameWithTicker(analysis)} holds ${formatBtc(analysis.btcHoldings)}${value}${asOf}${analysis.source ? `, according to ${analysis.source}` : ''}.`);
  } else {
    sentences.push(
      `Preliminary analysis of ${nameWithTicker(analysis)}, which is not tracked yet: it is computed only from the ${formatBtc(analysis.btcHoldings)}${value} stated in your message.`,
    );
  }
  const isDefault = (name: string) => analysis.defaults.includes(name);
  const mark = (name: string) => (isDefault(name) ? ' (default)' : '');
  sentences.push(
    `Health grade ${analysis.healthGrade}${mark('healthGrade')}; AI risk score ${score(analysis.aiRiskScore)}${mark('aiRiskScore')}, ${riskLevel(analysis.aiRiskScore)} risk; ` +
      `conviction score ${score(analysis.convictionScore)}${mark('convictionScore')}; governance score ${score(analysis.governanceScore)}${mark('governanceScore')}.`,
  );
  if (analysis.premiumToNav === null) sentences.push(`mNAV is unknown: no market capitalisation is ${analysis.tracked ? 'stored' : 'given'}.`);
  else {
    const relation = analysis.premiumToNav > 1 ? 'above' : analysis.premiumToNav < 1 ? 'below' : 'at';
    sentences.push(`mNAV is ${analysis.premiumToNav.toFixed(2)}x: the market values the company ${relation} the bitcoin it holds.`);
  }
  if (yields?.windows['90d'].percent != null) sentences.push(yieldSentence(yields, '90d'));
  const defaults = analysis.defaults.filter((name) => metricLabels[name]);
  if (defaults.length) {
    sentences.push(`Defaults for want of data: ${defaults.map((name) => metricLabels[name]).join(', ')}.`);
  }
  sentences.push(disclaimer);
  return sentences.join(' ');
}

export interface MarketFacts {
  trackedCompanies: number;
  /** The one total (lib/treasury/aggregates.ts): confirmed figures only, the companies left out named. */
  totals: HoldingsTotals;
  btcPriceUsd: number | null;
  btcPricedAt: string | null;
  averageRiskScore: number;
  highRiskCompanies: number;
  totalActiveSignals: number;
  sectors: { sector: string; percentage: number; count: number }[];
  topHolders: { name: string; ticker: string; btcHoldings: number }[];
}

export function writeMarketAnswer(facts: MarketFacts): string {
  const sectors = facts.sectors.map((sector) => `${sector.sector} ${sector.percentage}% (${sector.count} companies)`).join(', ');
  const top = facts.topHolders.map((holder) => `${holder.name} ${formatBtc(holder.btcHoldings)}`).join('; ');
  return [
    `The platform tracks ${facts.trackedCompanies.toLocaleString('en-US')} public companies.`,
    totalsSentence(facts.totals, { btcPriceUsd: facts.btcPriceUsd, pricedAt: facts.btcPricedAt }),
    sectors ? `By sector, share of the confirmed bitcoin: ${sectors}.` : '',
    top ? `Largest holders: ${top}.` : '',
    `Average AI risk score ${facts.averageRiskScore}/10; ${facts.highRiskCompanies} companies score 7 or more. ${facts.totalActiveSignals} signals were detected in the last 30 days.`,
    disclaimer,
  ]
    .filter(Boolean)
    .join(' ');
}

export function writeHelpAnswer(trackedCompanies: number): string {
  return [
    `I answer from the platform's database of ${trackedCompanies.toLocaleString('en-US')} tracked companies. I can:`,
    '• analyze a tracked company by name or ticker (for example "analyze MSTR"): health grade, AI risk, conviction and governance scores, mNAV, holdings with their source and date;',
    '• give a company\'s BTC yield over 30, 90 and 365 days with its share basis, dates and sources (for example "what is MSTR\'s BTC yield?");',
    '• summarise the market: total bitcoin held, value, sectors and the largest holders (ask "market overview");',
    '• give a preliminary analysis of a company that is not tracked and add it to tracking (for example "analyze Acme Corp (ACME), which holds 500 BTC").',
  ].join('\n');
}

/** The figures handed to a language model as its only facts. */
export function factsForModel(facts: unknown): string {
  return `Facts from the database (JSON):\n${JSON.stringify(facts, null, 2)}`;
}
