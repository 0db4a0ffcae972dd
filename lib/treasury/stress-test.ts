// Stress-test scenarios of the dashboard's advanced metrics, from stored holdings, average costs and
// market capitalisations. Market caps are held at their stored values: the question answered is
// "at this BTC price, which treasuries are under water and which trade below their bitcoin".

const stressScenarios = [
  { id: 'down-20', label: 'BTC −20%', change: -0.2 },
  { id: 'down-40', label: 'BTC −40%', change: -0.4 },
  { id: 'down-60', label: 'BTC −60%', change: -0.6 },
  { id: 'up-50', label: 'BTC +50%', change: 0.5 },
] as const;

export interface StressHolding {
  btcHoldings: number;
  /** Average purchase cost per BTC, when disclosed. */
  avgCostUsd: number | null;
  marketCap: number | null;
}

export interface StressResult {
  id: string;
  label: string;
  change: number;
  btcPriceUsd: number;
  totalValueUsd: number;
  valueChangeUsd: number;
  /** Companies whose holdings would be worth less than they paid, among those with a known cost. */
  belowCostBasis: number;
  costBasisKnown: number;
  /** Companies whose market cap would be below the value of their bitcoin (mNAV < 1), among those with a known market cap. */
  mnavBelowOne: number;
  marketCapKnown: number;
}

export function mnav(marketCap: number, btcHoldings: number, btcPriceUsd: number): number | null {
  const nav = btcHoldings * btcPriceUsd;
  return nav > 0 ? marketCap / nav : null;
}

export function stressTest(holdings: readonly StressHolding[], btcPriceUsd: number, change: number): Omit<StressResult, 'id' | 'label'> {
  const price = btcPriceUsd * (1 + change);
  let totalBtc = 0;
  let belowCostBasis = 0;
  let costBasisKnown = 0;
  let mnavBelowOne = 0;
  let marketCapKnown = 0;
  for (const holding of holdings) {
    if (!(holding.btcHoldings > 0)) continue;
    totalBtc += holding.btcHoldings;
    if (holding.avgCostUsd !== null && holding.avgCostUsd > 0) {
      costBasisKnown += 1;
      if (holding.btcHoldings * price < holding.btcHoldings * holding.avgCostUsd) belowCostBasis += 1;
    }
    if (holding.marketCap !== null && holding.marketCap > 0) {
      marketCapKnown += 1;
      const ratio = mnav(holding.marketCap, holding.btcHoldings, price);
      if (ratio !== null && ratio < 1) mnavBelowOne += 1;
    }
  }
  return {
    change,
    btcPriceUsd: price,
    totalValueUsd: totalBtc * price,
    valueChangeUsd: totalBtc * price - totalBtc * btcPriceUsd,
    belowCostBasis,
    costBasisKnown,
    mnavBelowOne,
    marketCapKnown,
  };
}

export function runStressTests(holdings: readonly StressHolding[], btcPriceUsd: number): StressResult[] {
  return stressScenarios.map((scenario) => ({ id: scenario.id, label: scenario.label, ...stressTest(holdings, btcPriceUsd, scenario.change) }));
}

/** Cost basis and unrealized gain of one company's holdings at a price (null without a cost). */
export function unrealizedGain(btcHoldings: number, avgCostUsd: number | null, btcPriceUsd: number | null) {
  if (avgCostUsd === null || !(avgCostUsd > 0) || btcPriceUsd === null) return null;
  const costBasis = avgCostUsd * btcHoldings;
  const currentValue = btcPriceUsd * btcHoldings;
  return { costBasis, currentValue, gain: currentValue - costBasis, gainPercent: costBasis > 0 ? ((currentValue - costBasis) / costBasis) * 100 : null };
}
