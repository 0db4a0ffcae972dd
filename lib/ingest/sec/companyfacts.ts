import { z } from 'zod';

// SEC XBRL companyfacts (data.sec.gov/api/xbrl/companyfacts/CIK##########.json): every fact a
// company has filed, by taxonomy and concept, each with its period, value, accession, form and
// filing date. We keep the concepts below, one CompanyFundamental row per concept, period end and
// filing (the first filing of a figure; a later filing that states another value for the same
// period end is a restatement and gets its own row). Facts of other taxonomies (ifrs-full filers)
// are not read.

type FundamentalField = 'shares_outstanding_basic' | 'shares_outstanding_diluted' | 'total_debt' | 'cash' | 'preferred_equity';

interface ConceptRule {
  taxonomy: 'dei' | 'us-gaap';
  concept: string;
  field: FundamentalField;
  unit: 'shares' | 'amount';
  /** instant: a balance at `end`; quarter: an average over a period of about three months ending at `end`. */
  period: 'instant' | 'quarter';
}

const conceptRules: readonly ConceptRule[] = [
  { taxonomy: 'dei', concept: 'EntityCommonStockSharesOutstanding', field: 'shares_outstanding_basic', unit: 'shares', period: 'instant' },
  { taxonomy: 'us-gaap', concept: 'CommonStockSharesOutstanding', field: 'shares_outstanding_basic', unit: 'shares', period: 'instant' },
  { taxonomy: 'us-gaap', concept: 'WeightedAverageNumberOfSharesOutstandingBasic', field: 'shares_outstanding_basic', unit: 'shares', period: 'quarter' },
  { taxonomy: 'us-gaap', concept: 'WeightedAverageNumberOfDilutedSharesOutstanding', field: 'shares_outstanding_diluted', unit: 'shares', period: 'quarter' },
  { taxonomy: 'us-gaap', concept: 'LongTermDebt', field: 'total_debt', unit: 'amount', period: 'instant' },
  { taxonomy: 'us-gaap', concept: 'DebtLongtermAndShorttermCombinedAmount', field: 'total_debt', unit: 'amount', period: 'instant' },
  { taxonomy: 'us-gaap', concept: 'CashAndCashEquivalentsAtCarryingValue', field: 'cash', unit: 'amount', period: 'instant' },
  { taxonomy: 'us-gaap', concept: 'PreferredStockValue', field: 'preferred_equity', unit: 'amount', period: 'instant' },
];

export const companyFactsSourcePrefix = 'sec-companyfacts:';

const factSchema = z.object({
  start: z.string().optional(),
  end: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  val: z.number(),
  accn: z.string().min(1),
  form: z.string().optional(),
  filed: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});

const companyFactsSchema = z.object({
  cik: z.union([z.number(), z.string()]),
  entityName: z.string().optional(),
  facts: z.record(z.string(), z.record(z.string(), z.object({ units: z.record(z.string(), z.array(z.unknown())) }))),
});

export interface FundamentalFact {
  field: FundamentalField;
  /** e.g. "sec-companyfacts:us-gaap:LongTermDebt" */
  source: string;
  value: number;
  unit: 'shares' | 'amount';
  currency: string | null;
  asOf: Date;
  filedAt: Date;
  form: string | null;
  accession: string;
  notes: string | null;
}

const day = 86_400_000;
const utc = (isoDay: string) => new Date(`${isoDay}T00:00:00Z`);

/**
 * The kept facts with a period end on or after `since`, oldest filing first. Throws when the body is
 * not a companyfacts document; a malformed single fact is skipped.
 */
export function parseCompanyFacts(json: unknown, since: Date): { entityName: string | undefined; facts: FundamentalFact[] } {
  const parsed = companyFactsSchema.safeParse(json);
  if (!parsed.success) throw new Error('The answer is not a companyfacts document.');
  const facts: FundamentalFact[] = [];
  for (const rule of conceptRules) {
    const units = parsed.data.facts[rule.taxonomy]?.[rule.concept]?.units;
    if (!units) continue;
    for (const [unit, entries] of Object.entries(units)) {
      const currency = rule.unit === 'amount' ? (/^[A-Z]{3}$/.test(unit) ? unit : undefined) : null;
      if (rule.unit === 'shares' ? unit !== 'shares' : currency === undefined) continue;
      for (const entry of entries) {
        const fact = factSchema.safeParse(entry);
        if (!fact.success || !Number.isFinite(fact.data.val)) continue;
        const { start, end, val, accn, form, filed } = fact.data;
        const asOf = utc(end);
        if (asOf < since) continue;
        let notes: string | null = null;
        if (rule.period === 'quarter') {
          const days = start ? (asOf.getTime() - utc(start).getTime()) / day : NaN;
          if (!(days >= 80 && days <= 100)) continue;
          notes = `Weighted average over ${start} to ${end}, not a count on one day.`;
        } else if (start) continue;
        facts.push({
          field: rule.field,
          source: `${companyFactsSourcePrefix}${rule.taxonomy}:${rule.concept}`,
          value: val,
          unit: rule.unit,
          currency: currency ?? null,
          asOf,
          filedAt: utc(filed),
          form: form ?? null,
          accession: accn,
          notes,
        });
      }
    }
  }
  facts.sort((a, b) => a.filedAt.getTime() - b.filedAt.getTime() || a.accession.localeCompare(b.accession));
  return { entityName: parsed.data.entityName, facts };
}
