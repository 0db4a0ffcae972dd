import type { Db } from '../../db';
import { isUniqueViolation } from '@/lib/db/errors';
import { HttpError } from '../http';
import type { IngestContext, IngestOutcome, Ingester } from '../types';
import { SecClient } from './client';
import { companyFactsSourcePrefix, parseCompanyFacts, type FundamentalFact } from './companyfacts';
import { dueSecCompanies } from './due-companies';
import { cikDigits, filingIndexUrl } from './urls';
import { isoDay } from '../../dates';

/** How often the scheduler looks for companies whose turn has come. */
const factsTickMs = 5 * 60_000;
/** Companies read by one run (manual, or scheduled at least), so one failing read does not fail the whole run. */
const batch = 3;
/** A company whose read failed is tried again after this long, behind the others. */
const failedRetryMs = 60 * 60_000;
/** A large filer's companyfacts runs to tens of megabytes. */
const factsMaxBytes = 64 * 1024 * 1024;
const year = 365.25 * 86_400_000;

const globalForFacts = globalThis as typeof globalThis & { __ingestCompanyFactsState?: Map<string, number> };
const checkedAt = () => (globalForFacts.__ingestCompanyFactsState ??= new Map());

/** Forgets when each company was last read, as a restart would. */
export function resetCompanyFactsState(): void {
  globalForFacts.__ingestCompanyFactsState = undefined;
}

/**
 * SEC XBRL companyfacts of each company with a CIK, every SEC_COMPANYFACTS_PERIOD_HOURS, spread
 * out; the same fair-access rules (declared User-Agent, ≤ 10 requests a second shared with the
 * other SEC ingesters). A company SEC has no facts for (404) is read and has nothing to store.
 */
export const secCompanyFactsIngester: Ingester = {
  source: 'sec-companyfacts',
  dataSourceKey: 'sec-companyfacts',
  intervalMs: () => factsTickMs,
  async run(context: IngestContext): Promise<IngestOutcome> {
    const { baseUrl, dataBaseUrl, companyFactsPeriodMs, companyFactsHistoryYears } = context.config.sec;
    const { db } = context;
    const state = checkedAt();
    const schedule = await dueSecCompanies(context, {
      periodMs: companyFactsPeriodMs,
      tickMs: factsTickMs,
      checkedAt: state,
      manualBatch: batch,
      minPerRun: batch,
      nothingDueMessage: 'No company is due for a companyfacts read.',
    });
    if ('status' in schedule) return schedule;
    const { userAgent, now, due } = schedule;

    const client = new SecClient({ baseUrl, dataBaseUrl, userAgent }, context.config.timeoutMs);
    const since = new Date(now - companyFactsHistoryYears * year);
    const failures: string[] = [];
    const withoutFacts: string[] = [];
    const changed: string[] = [];
    let added = 0;
    for (const company of due) {
      const cik = cikDigits(company.secCik!);
      const url = client.companyFactsUrl(cik);
      let facts: FundamentalFact[];
      try {
        const text = await client.getText(url, factsMaxBytes);
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          throw new Error(`GET ${url} did not return JSON`);
        }
        facts = parseCompanyFacts(json, since).facts;
      } catch (error) {
        if (error instanceof HttpError && error.status === 404) {
          withoutFacts.push(company.name);
          state.set(company.id, now);
          continue;
        }
        failures.push(`${company.name}: ${error instanceof Error ? error.message : String(error)}`);
        state.set(company.id, Math.min(now, now - companyFactsPeriodMs + failedRetryMs));
        continue;
      }
      const stored = await storeFacts(db, company.id, cik, facts);
      state.set(company.id, now);
      if (stored > 0) {
        added += stored;
        changed.push(company.id);
      }
    }
    if (changed.length > 0) await context.onHoldingsChanged?.(changed);

    const read = due.length - failures.length;
    const parts = [`${added} new fact${added === 1 ? '' : 's'} from the companyfacts of ${read} of ${due.length} due compan${due.length === 1 ? 'y' : 'ies'}`];
    if (withoutFacts.length) parts.push(`SEC has no XBRL facts for ${withoutFacts.join(', ')}`);
    if (failures.length) parts.push(`could not read ${failures.slice(0, 3).join('; ')}${failures.length > 3 ? '; …' : ''}`);
    return { status: read === 0 ? 'error' : 'ok', itemsAdded: added, message: parts.join('; ') };
  },
};

const keyOf = (fact: { field: string; source: string; asOf: Date }) => `${fact.field}|${fact.source}|${fact.asOf.getTime()}`;

/**
 * Adds each figure the first time a filing states it; a later filing that repeats it adds nothing,
 * one that states another value for the same period end (a restatement) adds a row of its own.
 * Stored rows are never changed.
 */
async function storeFacts(db: Db, companyId: string, cik: string, facts: readonly FundamentalFact[]): Promise<number> {
  if (facts.length === 0) return 0;
  const existing = await db.companyFundamental.findMany({
    where: { companyId, source: { startsWith: companyFactsSourcePrefix } },
    select: { field: true, source: true, asOf: true, accession: true, value: true, filedAt: true },
    orderBy: [{ filedAt: 'asc' }, { createdAt: 'asc' }],
  });
  const accessions = new Set(existing.map((row) => `${keyOf(row)}|${row.accession}`));
  // Stored rows and new facts are walked together in filing order, so each fact is compared with
  // the figure that stood when it was filed, not with the newest one.
  const storedByKey = new Map<string, typeof existing>();
  for (const row of existing) {
    const rows = storedByKey.get(keyOf(row)) ?? [];
    rows.push(row);
    storedByKey.set(keyOf(row), rows);
  }
  const walked = new Map<string, number>();
  const latest = new Map<string, { value: number; filedAt: Date | null; accession: string }>();

  const fresh: (FundamentalFact & { notes: string | null })[] = [];
  for (const fact of facts) {
    const key = keyOf(fact);
    const stored = storedByKey.get(key) ?? [];
    let next = walked.get(key) ?? 0;
    while (next < stored.length && (stored[next]!.filedAt?.getTime() ?? 0) <= fact.filedAt.getTime()) latest.set(key, stored[next++]!);
    walked.set(key, next);
    if (accessions.has(`${key}|${fact.accession}`)) continue;
    const previous = latest.get(key);
    if (previous && previous.value === fact.value) continue;
    const restates = previous
      ? `Restates ${previous.value.toLocaleString('en-US')} filed ${previous.filedAt ? isoDay(previous.filedAt) : 'earlier'} (accession ${previous.accession}).`
      : null;
    fresh.push({ ...fact, notes: [fact.notes, restates].filter(Boolean).join(' ') || null });
    accessions.add(`${key}|${fact.accession}`);
    latest.set(key, { value: fact.value, filedAt: fact.filedAt, accession: fact.accession });
  }
  if (fresh.length === 0) return 0;
  try {
    const { count } = await db.companyFundamental.createMany({
      data: fresh.map((fact) => ({
        companyId,
        field: fact.field,
        value: fact.value,
        unit: fact.unit,
        currency: fact.currency,
        asOf: fact.asOf,
        filedAt: fact.filedAt,
        form: fact.form,
        accession: fact.accession,
        source: fact.source,
        sourceUrl: filingIndexUrl(cik, fact.accession),
        notes: fact.notes,
      })),
    });
    return count;
  } catch (error) {
    // Another process stored the same facts first.
    if (isUniqueViolation(error)) return 0;
    throw error;
  }
}
