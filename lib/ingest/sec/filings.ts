import { isUniqueViolation } from '@/lib/db/errors';
import { confirmDiscoveries, recordDiscovery } from '../discoveries';
import { applyHoldingsUpdate } from '../holdings';
import { latestBtcPrice, latestSharePrice, signalExists, storeSignal } from '../signals';
import type { IngestContext } from '../types';
import { parseBtcDisclosure, type BtcDisclosure } from './btc-disclosure';
import { recordFilingCapitalEvents } from './capital-events';
import {
  assessBoardFiling,
  assessBtcFiling,
  assessInsiderFiling,
  describeBtcFiling,
  describeInsiderFiling,
  isTreasuryDiscovery,
  type BtcAssessment,
} from './classify';
import type { SecClient } from './client';
import { ownershipXml, parseFilingIndex, pressReleaseExhibits, primaryDocument, type FilingDocument } from './filing-index';
import { parseOwnershipDocument } from './form4';
import { markSeen, recordFailure, type SecState } from './state';
import { parseSubmissions } from './submissions';
import { archiveFolder, cikDigits, filingDocumentUrl, filingIndexUrl, publicSecBaseUrl, rebase } from './urls';

// One filing, from wherever it was found (the current feed or a company's submissions), to rows:
//   Form 4 of a tracked issuer      → InsiderTransaction rows + an insider-trading signal
//   8-K of a tracked company        → a sec-filing signal when it speaks of bitcoin (+ holdings update
//                                     when it states aggregate holdings), a board-meeting signal for
//                                     items 5.02/5.07
//   DEF 14A of a tracked company    → a board-meeting signal
//   8-K of anyone else about buying or holding bitcoin or a bitcoin treasury policy
//                                   → a Discovery + a pre-pump signal

export interface FilingRef {
  accession: string;
  form: string;
  /** CIK of the company the filing is about (the issuer of a Form 4, the filer of an 8-K). */
  cik: string;
  companyName: string;
  filedAt: Date;
  items: string[];
  /** The filing-detail page, as the feed links it. */
  indexUrl?: string;
  /** Known from the submissions file; otherwise found in the filing index. */
  primaryDocument?: string;
}

interface TrackedCompany {
  id: string;
  name: string;
  ticker: string;
  secCik: string | null;
  btcHoldings: number;
  sharePriceUsd: number | null;
}

export interface SecRun {
  context: IngestContext;
  client: SecClient;
  state: SecState;
  byCik: Map<string, TrackedCompany>;
  byTicker: Map<string, TrackedCompany>;
  btcPriceUsd: number | undefined;
  stored: { signals: number; insiderTransactions: number; holdingsUpdates: number; discoveries: number };
  failures: string[];
  warnings: string[];
}

export const handledForms = ['8-K', '8-K/A', '4', '4/A', 'DEF 14A'];

export async function openSecRun(context: IngestContext, client: SecClient, state: SecState): Promise<SecRun> {
  const companies = await context.db.company.findMany({
    select: { id: true, name: true, ticker: true, secCik: true, btcHoldings: true, sharePriceUsd: true },
    orderBy: { btcHoldings: 'desc' },
  });
  const byCik = new Map<string, TrackedCompany>();
  const byTicker = new Map<string, TrackedCompany>();
  for (const company of companies) {
    if (company.secCik && !byCik.has(cikDigits(company.secCik))) byCik.set(cikDigits(company.secCik), company);
    if (!byTicker.has(company.ticker.toUpperCase())) byTicker.set(company.ticker.toUpperCase(), company);
  }
  return {
    context,
    client,
    state,
    byCik,
    byTicker,
    btcPriceUsd: await latestBtcPrice(context.db),
    stored: { signals: 0, insiderTransactions: 0, holdingsUpdates: 0, discoveries: 0 },
    failures: [],
    warnings: [],
  };
}

export function itemsAdded(run: SecRun): number {
  const { signals, insiderTransactions, holdingsUpdates, discoveries } = run.stored;
  return signals + insiderTransactions + holdingsUpdates + discoveries;
}

/**
 * Adds to the process's memory the filings of `filings` that any process finished with before (the
 * IngestedFiling table), so a restart or a second instance does not read them again.
 */
async function recallFinishedFilings(run: SecRun, filings: readonly FilingRef[]): Promise<void> {
  const unknown = [...new Set(filings.map((filing) => filing.accession).filter((accession) => !run.state.seen.has(accession)))];
  for (let start = 0; start < unknown.length; start += 500) {
    const rows = await run.context.db.ingestedFiling.findMany({ where: { accession: { in: unknown.slice(start, start + 500) } }, select: { accession: true } });
    for (const row of rows) markSeen(run.state, row.accession);
  }
}

/** Records that the ingest is done with a filing, in this process and for every other. */
async function finishFiling(run: SecRun, filing: FilingRef, outcome: 'processed' | 'given-up'): Promise<void> {
  markSeen(run.state, filing.accession);
  try {
    await run.context.db.ingestedFiling.create({ data: { accession: filing.accession, form: filing.form, outcome, seenAt: run.context.now() } });
  } catch (error) {
    // Another process finished it first: the same fact is already stored.
    if (!isUniqueViolation(error)) throw error;
  }
}

/** Looks at each filing not seen before; a filing that fails is retried on later runs, a few times. */
export async function processFilings(run: SecRun, filings: readonly FilingRef[]): Promise<number> {
  await recallFinishedFilings(run, filings);
  let looked = 0;
  for (const filing of filings) {
    if (run.state.seen.has(filing.accession) || run.state.inFlight.has(filing.accession)) continue;
    run.state.inFlight.add(filing.accession);
    looked += 1;
    try {
      await processFiling(run, filing);
      await finishFiling(run, filing, 'processed');
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const gaveUp = recordFailure(run.state, filing.accession);
      if (gaveUp) await finishFiling(run, filing, 'given-up');
      run.failures.push(`${filing.form} ${filing.accession}: ${message}${gaveUp ? ' (given up)' : ''}`);
    } finally {
      run.state.inFlight.delete(filing.accession);
    }
  }
  await confirmDiscoveries(run.context.db, { now: run.context.now() });
  return looked;
}

export function summarise(run: SecRun, lead: string): string {
  const { signals, insiderTransactions, holdingsUpdates, discoveries } = run.stored;
  const plural = (count: number, word: string, words = `${word}s`) => `${count} ${count === 1 ? word : words}`;
  const parts = [
    lead,
    `stored ${plural(signals, 'signal')}, ${plural(insiderTransactions, 'insider transaction')}, ${plural(holdingsUpdates, 'holdings update')}, ${plural(discoveries, 'discovery', 'discoveries')}`,
  ];
  if (run.failures.length) parts.push(`${plural(run.failures.length, 'filing')} could not be read: ${run.failures.slice(0, 3).join('; ')}`);
  if (run.warnings.length) parts.push(run.warnings.slice(0, 3).join('; '));
  return parts.join('; ');
}

async function processFiling(run: SecRun, filing: FilingRef): Promise<void> {
  const company = run.byCik.get(cikDigits(filing.cik));
  const form = filing.form.toUpperCase();
  if (form === '4' || form === '4/A') {
    if (company) await processOwnership(run, filing, company);
    return;
  }
  if (form.startsWith('DEF 14A')) {
    if (!company) return;
    // Proxy statements run to megabytes; the form alone says a shareholder meeting is coming.
    const filingUrl = filing.primaryDocument
      ? publicDocumentUrl(filing, filing.primaryDocument)
      : filing.indexUrl
        ? rebase(filing.indexUrl, publicSecBaseUrl)
        : filingIndexUrl(filing.cik, filing.accession);
    await storeBoardSignal(run, filing, company, undefined, filingUrl);
    return;
  }
  if (form === '8-K' || form === '8-K/A') await processCurrentReport(run, filing, company);
}

/** Index fetched at most once per filing, and only when needed. */
function documentsOf(run: SecRun, filing: FilingRef): () => Promise<FilingDocument[]> {
  let documents: Promise<FilingDocument[]> | undefined;
  return () => {
    documents ??= (async () => {
      const url = filing.indexUrl
        ? run.client.fromPublicUrl(filing.indexUrl)
        : run.client.archiveUrl(`${archiveFolder(filing.cik, filing.accession)}/${filing.accession}-index.htm`);
      const found = parseFilingIndex(await run.client.getText(url));
      if (found.length === 0) throw new Error(`the filing index ${url} lists no documents`);
      return found;
    })();
    return documents;
  };
}

/** The public address of a document given by an index href or a name relative to the filing folder. */
function publicDocumentUrl(filing: FilingRef, document: string): string {
  if (document.startsWith('/')) return `${publicSecBaseUrl}${document}`;
  return filingDocumentUrl(filing.cik, filing.accession, document);
}

function fetchPath(filing: FilingRef, document: string): string {
  return document.startsWith('/') ? document : `${archiveFolder(filing.cik, filing.accession)}/${document}`;
}

async function processOwnership(run: SecRun, filing: FilingRef, company: TrackedCompany) {
  const { db, bus, now } = run.context;
  if (await signalExists(db, filing.accession)) return;
  let xmlPath: string;
  let displayDocument: string;
  if (filing.primaryDocument) {
    // The submissions file names the XSL-rendered copy; the XML sits in the folder itself.
    displayDocument = filing.primaryDocument;
    xmlPath = fetchPath(filing, filing.primaryDocument.replace(/^xsl[^/]*\//i, ''));
  } else {
    const documents = await documentsOf(run, filing)();
    const xml = ownershipXml(documents);
    if (!xml) throw new Error('no ownership XML in the filing index');
    xmlPath = xml.href;
    displayDocument = (documents.find((document) => /\/xsl[^/]*\//i.test(document.href)) ?? xml).href;
  }
  const ownership = parseOwnershipDocument(await run.client.getText(run.client.archiveUrl(xmlPath)));
  if (company.secCik && ownership.issuer.cik !== cikDigits(company.secCik)) {
    throw new Error(`the ownership document names issuer CIK ${ownership.issuer.cik}, not ${company.name}'s ${cikDigits(company.secCik)}`);
  }
  const filingUrl = publicDocumentUrl(filing, displayDocument);
  const owner = ownership.owners[0];
  const insiderName = ownership.owners.map((each) => each.name).join('; ') || 'Unknown reporting owner';
  const rows = ownership.transactions.filter((transaction) => transaction.table === 'non-derivative');
  const sourceIds = rows.map((transaction) => `${filing.accession}:${transaction.index}`);
  const existing = new Set(
    (await db.insiderTransaction.findMany({ where: { sourceId: { in: sourceIds } }, select: { sourceId: true } })).map((row) => row.sourceId),
  );
  for (const [position, transaction] of rows.entries()) {
    const sourceId = sourceIds[position]!;
    if (existing.has(sourceId)) continue;
    try {
      await db.insiderTransaction.create({
        data: {
          sourceId,
          companyId: company.id,
          insiderName,
          insiderRole: owner?.role ?? null,
          transactionDate: new Date(`${transaction.date}T00:00:00Z`),
          shares: transaction.shares,
          pricePerShare: transaction.pricePerShare ?? null,
          acquiredDisposed: transaction.acquiredDisposed,
          filingUrl,
        },
      });
      run.stored.insiderTransactions += 1;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }

  const assessment = assessInsiderFiling(ownership.transactions, ownership.owners);
  const stored = await storeSignal(db, bus, {
    sourceId: filing.accession,
    companyId: company.id,
    companyName: company.name,
    description: describeInsiderFiling(company.name, owner, ownership.transactions, filing.form),
    source: `SEC EDGAR Form ${filing.form}`,
    detectedAt: now(),
    confidence: assessment.confidence,
    signalType: 'insider-trading',
    severity: assessment.severity,
    filingUrl,
    currentPrice: await latestSharePrice(db, company),
    formType: filing.form,
    filedAt: filing.filedAt,
    details: {
      accession: filing.accession,
      issuerCik: ownership.issuer.cik,
      owners: ownership.owners,
      transactions: ownership.transactions,
      openMarketValueUsd: assessment.openMarketValueUsd,
    },
  });
  if (stored) run.stored.signals += 1;
}

async function processCurrentReport(run: SecRun, filing: FilingRef, company: TrackedCompany | undefined) {
  const { db } = run.context;
  const board = company ? assessBoardFiling(filing.form, filing.items, undefined) : null;
  if (company) {
    const done = (await signalExists(db, filing.accession)) && (!board || (await signalExists(db, `${filing.accession}:board`)));
    if (done) return;
  } else if ((await db.discovery.count({ where: { sourceId: filing.accession } })) > 0) {
    return;
  }

  const read = await readCurrentReport(run, filing, !!company);
  let subject = company;
  let assessment = assessBtcFiling(read.disclosure, { priorHoldingsBtc: subject?.btcHoldings, btcPriceUsd: run.btcPriceUsd });

  if (!subject) {
    if (!isTreasuryDiscovery(assessment)) return;
    const tickers = await tickersOf(run, filing.cik);
    subject = tickers.map((ticker) => run.byTicker.get(ticker.toUpperCase())).find(Boolean);
    if (!subject) {
      await storeDiscovery(run, filing, read, assessment!, tickers);
      return;
    }
    assessment = assessBtcFiling(read.disclosure, { priorHoldingsBtc: subject.btcHoldings, btcPriceUsd: run.btcPriceUsd });
  }

  if (assessment) await storeBtcSignal(run, filing, subject, read, assessment);
  if (board) await storeBoardSignal(run, filing, subject, read.disclosure.mentionsBitcoin, read.filingUrl);
}

interface CurrentReport {
  disclosure: BtcDisclosure;
  /** Link to the primary document (the filing's own URL). */
  filingUrl: string;
  /** Where the figures were read, when not the primary document. */
  readFrom: string;
}

const maxExhibitBytes = 2 * 1024 * 1024;
const maxExhibits = 3;

async function readCurrentReport(run: SecRun, filing: FilingRef, isTracked: boolean): Promise<CurrentReport> {
  const documents = documentsOf(run, filing);
  let primary = filing.primaryDocument;
  if (!primary) {
    const found = primaryDocument(await documents(), filing.form);
    if (!found) throw new Error('no primary document in the filing index');
    primary = found.href;
  }
  const filingUrl = publicDocumentUrl(filing, primary);
  let disclosure = parseBtcDisclosure(await run.client.getText(run.client.archiveUrl(fetchPath(filing, primary))));
  let readFrom = filingUrl;
  // Announcements usually sit in the press-release exhibit; an untracked company's 8-K is only
  // worth its exhibits when it mentions bitcoin or reports other events or a Reg FD disclosure.
  const wantsExhibits =
    !disclosure.figures.parsedFrom && (isTracked || disclosure.mentionsBitcoin || filing.items.some((item) => item === '7.01' || item === '8.01'));
  if (wantsExhibits) {
    const exhibits = pressReleaseExhibits(await documents())
      .filter((exhibit) => (exhibit.size ?? 0) <= maxExhibitBytes)
      .slice(0, maxExhibits);
    for (const exhibit of exhibits) {
      const found = parseBtcDisclosure(await run.client.getText(run.client.archiveUrl(exhibit.href), maxExhibitBytes));
      if (strength(found) > strength(disclosure)) readFrom = publicDocumentUrl(filing, exhibit.href);
      disclosure = combine(disclosure, found);
    }
  }
  return { disclosure, filingUrl, readFrom };
}

function strength(disclosure: BtcDisclosure): number {
  if (disclosure.figures.parsedFrom === 'table') return 5;
  if (disclosure.figures.parsedFrom === 'text') return 4;
  if (disclosure.purchase || disclosure.sale) return 3;
  if (disclosure.treasuryPolicy) return 2;
  return disclosure.mentionsBitcoin ? 1 : 0;
}

function combine(a: BtcDisclosure, b: BtcDisclosure): BtcDisclosure {
  const stronger = strength(b) > strength(a) ? b : a;
  return {
    mentionsBitcoin: a.mentionsBitcoin || b.mentionsBitcoin,
    purchase: a.purchase || b.purchase,
    sale: a.sale || b.sale,
    treasuryPolicy: a.treasuryPolicy || b.treasuryPolicy,
    figures: stronger.figures,
    ...((a.atm ?? b.atm) ? { atm: a.atm ?? b.atm } : {}),
    excerpt: stronger.excerpt ?? a.excerpt ?? b.excerpt,
  };
}

const midnight = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));

async function storeBtcSignal(run: SecRun, filing: FilingRef, company: TrackedCompany, read: CurrentReport, assessment: BtcAssessment) {
  const { db, bus, now, onHoldingsChanged } = run.context;
  const { figures } = read.disclosure;
  const source = `SEC EDGAR ${filing.form}`;
  // The purchase and the ATM sales of the week become the issuance tracker's rows (lib/capital).
  await recordFilingCapitalEvents(db, { companyId: company.id, accession: filing.accession, filedAt: filing.filedAt, sourceUrl: read.readFrom, figures, atm: read.disclosure.atm });

  // The holdings figure is checked first: a figure the plausibility checks quarantine raises no signal.
  if (figures.aggregateBtc !== undefined) {
    const update = await applyHoldingsUpdate(
      db,
      {
        companyId: company.id,
        quantity: figures.aggregateBtc,
        asOf: figures.asOf ?? midnight(filing.filedAt),
        source: 'SEC EDGAR 8-K',
        sourceUrl: read.filingUrl,
        filedAt: filing.filedAt,
        note: `${filing.form} ${filing.accession}: ${describeBtcFiling(company.name, filing.form, read.disclosure, assessment)}`,
      },
      {
        bus,
        now: now(),
        // Metrics recomputation must not undo or fail the stored update; it is reported instead.
        onHoldingsChanged: onHoldingsChanged
          ? (companyIds) => onHoldingsChanged(companyIds).catch((error: unknown) => void run.warnings.push(`onHoldingsChanged failed: ${String(error)}`))
          : undefined,
      },
    );
    if (update.snapshot !== 'unchanged') run.stored.holdingsUpdates += 1;
    if (update.quarantine) {
      run.warnings.push(`${filing.accession}: ${company.name}'s ${figures.aggregateBtc} BTC quarantined (${update.quarantine.check}); no signal raised.`);
      return;
    }
  }

  const stored = await storeSignal(db, bus, {
    sourceId: filing.accession,
    companyId: company.id,
    companyName: company.name,
    description: describeBtcFiling(company.name, filing.form, read.disclosure, assessment),
    source,
    detectedAt: now(),
    confidence: assessment.confidence,
    signalType: 'sec-filing',
    severity: assessment.severity,
    filingUrl: read.filingUrl,
    currentPrice: await latestSharePrice(db, company),
    formType: filing.form,
    filedAt: filing.filedAt,
    details: detailsOf(filing, read, assessment),
  });
  if (stored) run.stored.signals += 1;
}

function detailsOf(filing: FilingRef, read: CurrentReport, assessment: BtcAssessment): Record<string, unknown> {
  return {
    accession: filing.accession,
    cik: filing.cik,
    items: filing.items,
    kind: assessment.kind,
    quantityBtc: assessment.quantityBtc,
    valueUsd: assessment.valueUsd,
    priorHoldingsBtc: assessment.priorHoldingsBtc,
    figures: read.disclosure.figures,
    language: {
      purchase: read.disclosure.purchase,
      sale: read.disclosure.sale,
      treasuryPolicy: read.disclosure.treasuryPolicy,
    },
    readFrom: read.readFrom,
    excerpt: read.disclosure.excerpt,
  };
}

async function storeBoardSignal(run: SecRun, filing: FilingRef, company: TrackedCompany, mentionsBitcoin: boolean | undefined, filingUrl: string) {
  const { db, bus, now } = run.context;
  const board = assessBoardFiling(filing.form, filing.items, mentionsBitcoin);
  if (!board) return;
  const stored = await storeSignal(db, bus, {
    sourceId: `${filing.accession}:board`,
    companyId: company.id,
    companyName: company.name,
    description: `${company.name} filed ${filing.form === 'DEF 14A' ? 'a' : 'an'} ${filing.form}: ${board.reasons.join(', ')}${mentionsBitcoin ? ', mentioning bitcoin' : ''}.`,
    source: `SEC EDGAR ${filing.form}`,
    detectedAt: now(),
    confidence: board.confidence,
    signalType: 'board-meeting',
    severity: board.severity,
    filingUrl,
    currentPrice: await latestSharePrice(db, company),
    formType: filing.form,
    filedAt: filing.filedAt,
    details: { accession: filing.accession, items: filing.items, reasons: board.reasons, mentionsBitcoin: mentionsBitcoin ?? null },
  });
  if (stored) run.stored.signals += 1;
}

/** Tickers from the company's submissions file, to match a company we track under no CIK. */
async function tickersOf(run: SecRun, cik: string): Promise<string[]> {
  try {
    return parseSubmissions(await run.client.getJson(run.client.submissionsUrl(cik))).tickers;
  } catch (error) {
    run.warnings.push(`tickers of CIK ${cik} unknown (${error instanceof Error ? error.message : String(error)})`);
    return [];
  }
}

async function storeDiscovery(run: SecRun, filing: FilingRef, read: CurrentReport, assessment: BtcAssessment, tickers: string[]) {
  const { db, bus, now } = run.context;
  const source = `SEC EDGAR ${filing.form}`;
  const description = describeBtcFiling(filing.companyName, filing.form, read.disclosure, assessment);
  const isNew = await recordDiscovery(db, {
    sourceId: filing.accession,
    companyName: filing.companyName,
    ticker: tickers[0] ?? null,
    secCik: filing.cik,
    type: 'filing',
    priority: read.disclosure.figures.parsedFrom || assessment.kind === 'treasury-policy' ? 'high' : 'medium',
    description,
    source,
    sourceUrl: read.filingUrl,
    detectedAt: now(),
  });
  if (isNew) run.stored.discoveries += 1;
  // A company announcing its first bitcoin purchase or a treasury policy is the pre-pump case.
  const stored = await storeSignal(db, bus, {
    sourceId: filing.accession,
    companyId: null,
    companyName: filing.companyName,
    description,
    source,
    detectedAt: now(),
    confidence: assessment.confidence,
    signalType: 'pre-pump',
    severity: assessment.severity === 'critical' ? 'critical' : 'high',
    filingUrl: read.filingUrl,
    currentPrice: null,
    formType: filing.form,
    filedAt: filing.filedAt,
    details: { ...detailsOf(filing, read, assessment), tickers, discovery: true },
  });
  if (stored) run.stored.signals += 1;
}
