import type { Discovery, Signal } from '../generated/sqlite/client';

// Pure computations behind the reports: each takes plain rows so it can be checked by hand.

export interface ReportCompany {
  id: string;
  name: string;
  ticker: string;
  sector: string;
  btcHoldings: number;
  avgCostUsd: number | null;
  marketCapUsd: number | null;
  flagged: boolean;
  holdingsConfirmed: boolean;
  healthGrade: string;
  aiRiskScore: number;
  convictionScore: number;
  governanceScore: number;
  premiumToNav: number | null;
}

/** The stored signal and discovery fields the reports read. */
export type ReportSignal = Pick<Signal, 'id' | 'companyId' | 'companyName' | 'description' | 'source' | 'signalType' | 'severity' | 'confidence' | 'detectedAt'>;
export type ReportDiscovery = Pick<Discovery, 'companyName' | 'ticker' | 'status' | 'type' | 'priority' | 'description' | 'source' | 'detectedAt'>;

export function countBy<T>(items: readonly T[], key: (item: T) => string, order: readonly string[] = []): { label: string; value: number }[] {
  const counts = new Map<string, number>(order.map((label) => [label, 0]));
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return [...counts].map(([label, value]) => ({ label, value }));
}

const gradeOrder = ['A', 'B', 'C', 'D', 'F'] as const;

export function gradeDistribution(companies: readonly ReportCompany[]) {
  return countBy(companies, (company) => company.healthGrade, gradeOrder);
}

/** Share of companies graded A or B, whole percent. */
export function shareGradedAB(companies: readonly ReportCompany[]): number {
  if (!companies.length) return 0;
  return Math.round((companies.filter((company) => company.healthGrade === 'A' || company.healthGrade === 'B').length / companies.length) * 100);
}

const riskBands = ['0-2', '2-4', '4-6', '6-7', '7-8.5', '8.5-10'] as const;

/** Risk scores in bands; 7 and 8.5 are the spec's medium and high thresholds. */
export function riskHistogram(scores: readonly number[]) {
  const bandOf = (score: number) => (score < 2 ? '0-2' : score < 4 ? '2-4' : score < 6 ? '4-6' : score < 7 ? '6-7' : score < 8.5 ? '7-8.5' : '8.5-10');
  return countBy(scores, bandOf, riskBands);
}

export function average(values: readonly number[]): number | null {
  return values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : null;
}

export function median(values: readonly number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

interface StressScenario {
  drop: number;
  btcPriceUsd: number;
  treasuryValueUsd: number;
  valueChangeUsd: number;
  /** Median mNAV of the companies with a known market cap, market caps held constant. */
  medianMnav: number | null;
  medianMnavBefore: number | null;
  /** Companies whose disclosed average cost per BTC is above the stressed price. */
  underwater: number;
  /** Companies whose mNAV would rise above 3 (market cap held), a sign equity already prices more than the coins. */
  aboveThreeTimesNav: number;
}

/**
 * BTC falls by `drop` (0.2 = −20 %) while market capitalisations stay where they are: the treasury
 * value falls in proportion and mNAV = market cap ÷ NAV rises by 1 ÷ (1 − drop).
 */
export function stressScenarios(companies: readonly ReportCompany[], btcPriceUsd: number, drops: readonly number[] = [0.2, 0.4, 0.6]): StressScenario[] {
  const totalBtc = companies.reduce((sum, company) => sum + company.btcHoldings, 0);
  const before = totalBtc * btcPriceUsd;
  const mnavs = companies.filter((company) => company.premiumToNav !== null).map((company) => company.premiumToNav!);
  return drops.map((drop) => {
    const price = btcPriceUsd * (1 - drop);
    const stressed = mnavs.map((mnav) => mnav / (1 - drop));
    const medianAfter = median(stressed);
    const medianBefore = median(mnavs);
    return {
      drop,
      btcPriceUsd: price,
      treasuryValueUsd: totalBtc * price,
      valueChangeUsd: totalBtc * price - before,
      medianMnav: medianAfter === null ? null : Math.round(medianAfter * 100) / 100,
      medianMnavBefore: medianBefore === null ? null : Math.round(medianBefore * 100) / 100,
      underwater: companies.filter((company) => company.avgCostUsd !== null && company.btcHoldings > 0 && company.avgCostUsd > price).length,
      aboveThreeTimesNav: stressed.filter((mnav) => mnav > 3).length,
    };
  });
}

/** Companies ranked by how many signals they had, ties by name. */
export function topBySignalCount(signals: readonly ReportSignal[], limit = 10) {
  const counts = new Map<string, { companyName: string; total: number; critical: number }>();
  for (const signal of signals) {
    const key = signal.companyId ?? signal.companyName;
    const entry = counts.get(key) ?? { companyName: signal.companyName, total: 0, critical: 0 };
    entry.total += 1;
    if (signal.severity === 'critical') entry.critical += 1;
    counts.set(key, entry);
  }
  return [...counts.values()].sort((a, b) => b.total - a.total || b.critical - a.critical || a.companyName.localeCompare(b.companyName)).slice(0, limit);
}

interface ScheduleTiming {
  cadence: string;
  hour: number;
  minute: number;
  /** 0 = Sunday … 6 = Saturday. */
  dayOfWeek?: number | null;
  dayOfMonth?: number | null;
  /** 1 = January … 12. */
  monthOfYear?: number | null;
}

/**
 * The first run strictly after `after`, in UTC. A monthly day past the month's end runs on its last
 * day; `once` with a month is the next such date (yearly), so "August 31st" recurs each August 31st.
 */
export function nextRunAt(timing: ScheduleTiming, after: Date): Date {
  const at = (year: number, month: number, day: number) => new Date(Date.UTC(year, month, day, timing.hour, timing.minute));
  const year = after.getUTCFullYear();
  const month = after.getUTCMonth();
  const day = after.getUTCDate();
  switch (timing.cadence) {
    case 'daily': {
      const today = at(year, month, day);
      return today > after ? today : at(year, month, day + 1);
    }
    case 'weekly': {
      const target = timing.dayOfWeek ?? 1;
      const offset = (target - after.getUTCDay() + 7) % 7;
      const candidate = at(year, month, day + offset);
      return candidate > after ? candidate : at(year, month, day + offset + 7);
    }
    case 'monthly':
    case 'once': {
      const wanted = timing.dayOfMonth ?? 1;
      const clampDay = (y: number, m: number) => Math.min(wanted, new Date(Date.UTC(y, m + 1, 0)).getUTCDate());
      if (timing.monthOfYear) {
        const m = timing.monthOfYear - 1;
        for (let y = year; ; y += 1) {
          const candidate = at(y, m, clampDay(y, m));
          if (candidate > after) return candidate;
        }
      }
      for (let offset = 0; ; offset += 1) {
        const y = year + Math.floor((month + offset) / 12);
        const m = (month + offset) % 12;
        const candidate = at(y, m, clampDay(y, m));
        if (candidate > after) return candidate;
      }
    }
    default:
      throw new Error(`Unknown cadence ${timing.cadence}`);
  }
}
