import type { Db } from '../db';
import { AppError } from '../http/errors';
import { isUniqueViolation } from '@/lib/db/errors';
import { publishSafely } from '../ingest/events';
import { getBus, type EventBus } from '../realtime/bus';
import { formatBtc } from '../format';
import { nameWithTicker } from '../treasury/aggregates';
import { computeMetrics } from '../treasury/metrics';
import { recomputeMetrics } from '../metrics/recompute';
import { loadBtcMarket } from '../treasury/metrics-store';
import { companyMarketCap } from '../market/market-cap';
import { companyIdentity, companyIdentitySelect, getDashboardStats, getSectorAllocation, loadHoldingsTotals, metricsView } from '../treasury/repository';
import { btcYieldsOf, type CompanyBtcYields } from '../capital/btc-yield';
import { getCapitalStructure, getCompanyKpis } from '../capital/service';
import { yieldQuestion, writeYieldAnswer } from './btc-yield';
import { capitalQuestion, writeCapitalAnswer } from './capital';
import { findCompanyInMessage } from './company-lookup';
import { companyPath } from '../treasury/company-path';
import { loadSlugIndex } from '../treasury/slugs';
import { describeCompany } from './describe';
import { completeChat, readLlmConfig, systemPrompt } from './llm';
import { alreadyTrackedMessage, analyzeFailureMessage } from './messages';
import type {
  AddCompanyInput,
  AddCompanyResponse,
  AnalyzeCompanyResponse,
  ChatResponse,
  CompanyAnalysis,
  CompanyInfo,
  SuggestedAction,
  TreasuryAnalysis,
} from './schema';
import { factsForModel, writeCompanyAnalysis, writeHelpAnswer, writeMarketAnswer, type MarketFacts } from './template';
import { isoDay } from '../dates';

// The chat assistant (spec 001 §2, §3, §7): answers grounded in the stored companies, metrics and
// signals. The prose comes from a configured language model or, by default, from the template.

const addedViaAssistantSource = 'Added via AI assistant by user';

const marketQuestion = /\b(market|total|overall|how many|sectors?|largest|biggest|top|price|stats|statistics|summary|overview|aggregate|allocation|all companies)\b/i;

const trackedSelect = {
  ...companyIdentitySelect,
  btcHoldings: true,
  holdingsAsOf: true,
  source: true,
  marketCapUsd: true,
  sharePriceUsd: true,
  sharesOutstanding: true,
  metrics: true,
} as const;

type TrackedCompany = NonNullable<Awaited<ReturnType<typeof loadTracked>>>;

function loadTracked(db: Db, id: string) {
  return db.company.findUnique({ where: { id }, select: trackedSelect });
}

async function findTracked(db: Db, message: string): Promise<TrackedCompany | null> {
  const companies = await db.company.findMany({ select: { id: true, name: true, ticker: true } });
  const match = findCompanyInMessage(message, companies);
  if (!match) return null;
  // "Acme Strategy Corp (ACME)" names its own ticker: a name match on "Strategy" is not that company.
  const statedTicker = match.by === 'name' ? describeCompany(message)?.ticker : null;
  if (statedTicker && statedTicker !== match.company.ticker.toUpperCase()) return null;
  return loadTracked(db, match.company.id);
}

/**
 * The source of the current holdings figure: the snapshot it was read from. Company.source is the
 * whole provenance record (several sources and commits), too long to quote in a sentence.
 */
async function holdingsSourceOf(db: Db, company: TrackedCompany): Promise<string> {
  const snapshot = await db.holdingSnapshot.findFirst({
    where: { companyId: company.id, asset: 'BTC', asOf: { lte: company.holdingsAsOf } },
    orderBy: [{ asOf: 'desc' }, { createdAt: 'desc' }],
    select: { source: true },
  });
  return snapshot?.source ?? company.source.split(/\s+;\s+|,\s+scraped\b/)[0]!;
}

type ScoreFigures = Pick<TreasuryAnalysis, 'healthGrade' | 'aiRiskScore' | 'convictionScore' | 'governanceScore' | 'premiumToNav' | 'bitcoinYield'>;

/** The scores an analysis shows, from stored metrics or from metrics computed on a message's figures. */
function scoreFigures(metrics: ScoreFigures): ScoreFigures {
  return {
    healthGrade: metrics.healthGrade,
    aiRiskScore: metrics.aiRiskScore,
    convictionScore: metrics.convictionScore,
    governanceScore: metrics.governanceScore,
    premiumToNav: metrics.premiumToNav,
    bitcoinYield: metrics.bitcoinYield,
  };
}

/** A tracked company's page slug (its id when the index no longer has it). */
async function slugOf(db: Db, companyId: string): Promise<string> {
  return (await loadSlugIndex(db)).slugOf(companyId) ?? companyId;
}

function trackedAnalysis(company: TrackedCompany, source: string, slug: string): TreasuryAnalysis {
  const metrics = metricsView(company.metrics);
  return {
    companyId: company.id,
    companyPath: companyPath(slug),
    name: company.name,
    ticker: company.ticker,
    tracked: true,
    ...scoreFigures(metrics),
    btcHoldings: company.btcHoldings,
    holdingsAsOf: company.holdingsAsOf.toISOString(),
    source,
    defaults: metrics.defaults,
  };
}

/** A tracked company's identity and current holdings, as the assistant's answers show them. */
function companyFacts<Source extends string | null>(company: TrackedCompany, source: Source) {
  return {
    ...companyIdentity(company),
    btcHoldings: company.btcHoldings,
    holdingsAsOf: company.holdingsAsOf.toISOString(),
    source,
  };
}

function trackedInfo(company: TrackedCompany, source: string): CompanyInfo {
  const marketCapUsd = companyMarketCap(company);
  return { ...companyFacts(company, source), marketCapUsd, tracked: true };
}

/** The model's prose from the facts, or the template's when no model is configured or it fails. */
async function prose(question: string, facts: unknown, template: () => string): Promise<{ text: string; generatedBy: 'llm' | 'template' }> {
  const config = readLlmConfig();
  if (config) {
    const text = await completeChat(config, [
      { role: 'system', content: `${systemPrompt}\n\n${factsForModel(facts)}` },
      { role: 'user', content: question },
    ]);
    if (text) return { text, generatedBy: 'llm' };
  }
  return { text: template(), generatedBy: 'template' };
}

const ask = (label: string, message: string): SuggestedAction => ({ label, action: 'ask', data: { message } });

async function marketFacts(db: Db, now: Date): Promise<MarketFacts> {
  const [stats, totals, sectors, topHolders] = await Promise.all([
    getDashboardStats(db, now),
    loadHoldingsTotals(db, { now }),
    getSectorAllocation(db),
    db.company.findMany({ orderBy: [{ btcHoldings: 'desc' }, { id: 'asc' }], take: 5, select: { name: true, ticker: true, btcHoldings: true } }),
  ]);
  return {
    trackedCompanies: stats.trackedCompanies,
    totals,
    btcPriceUsd: stats.btcPriceUsd,
    btcPricedAt: stats.btcPricedAt,
    averageRiskScore: stats.averageRiskScore,
    highRiskCompanies: stats.highRiskCompanies,
    totalActiveSignals: stats.totalActiveSignals,
    sectors,
    topHolders,
  };
}

/** A tracked company's BTC yield from the KPI service (the figures of /api/v1/companies/{id}/kpis and the dialog). */
async function yieldsOf(db: Db, companyId: string, now: Date): Promise<CompanyBtcYields> {
  return btcYieldsOf(await getCompanyKpis(db, companyId, {}, now));
}

/** POST /api/chat: a named company's metrics, market figures, or what the assistant can do. */
export async function answerChat(db: Db, message: string, now = new Date()): Promise<ChatResponse> {
  const company = await findTracked(db, message);
  if (company && capitalQuestion.test(message)) {
    const view = await getCapitalStructure(db, company.id, now);
    const { text, generatedBy } = await prose(message, { capitalStructure: view }, () => writeCapitalAnswer(view));
    return { message: text, suggestedActions: [ask(`Analyze ${company.ticker}`, `analyze ${company.ticker}`)], treasuryAnalysis: null, generatedBy };
  }
  if (company && yieldQuestion.test(message)) {
    const btcYield = await yieldsOf(db, company.id, now);
    const { text, generatedBy } = await prose(message, { company: companyIdentity(company), btcYield }, () => writeYieldAnswer(nameWithTicker(company), btcYield));
    return { message: text, suggestedActions: [ask(`Analyze ${company.ticker}`, `analyze ${company.ticker}`)], treasuryAnalysis: null, generatedBy };
  }
  if (company) {
    const source = await holdingsSourceOf(db, company);
    const analysis = trackedAnalysis(company, source, await slugOf(db, company.id));
    const [{ priceUsd }, btcYield] = await Promise.all([loadBtcMarket(db, now), yieldsOf(db, company.id, now)]);
    const { text, generatedBy } = await prose(message, { company: trackedInfo(company, source), metrics: analysis, btcYield, btcPriceUsd: priceUsd }, () =>
      writeCompanyAnalysis(analysis, priceUsd, btcYield),
    );
    return { message: text, suggestedActions: [ask('Market overview', 'market overview')], treasuryAnalysis: analysis, generatedBy };
  }
  if (marketQuestion.test(message)) {
    const facts = await marketFacts(db, now);
    const { text, generatedBy } = await prose(message, facts, () => writeMarketAnswer(facts));
    const top = facts.topHolders[0];
    return { message: text, suggestedActions: top ? [ask(`Analyze ${top.ticker}`, `analyze ${top.ticker}`)] : [], treasuryAnalysis: null, generatedBy };
  }
  const tracked = await db.company.count();
  const largest = await db.company.findFirst({ orderBy: [{ btcHoldings: 'desc' }, { id: 'asc' }], select: { ticker: true } });
  return {
    message: writeHelpAnswer(tracked),
    suggestedActions: [...(largest ? [ask(`Analyze ${largest.ticker}`, `analyze ${largest.ticker}`)] : []), ask('Market overview', 'market overview')],
    treasuryAnalysis: null,
    generatedBy: 'template',
  };
}

function companyAnalysisOf(analysis: TreasuryAnalysis, text: string): CompanyAnalysis {
  return {
    aiRiskScore: analysis.aiRiskScore,
    convictionScore: analysis.convictionScore,
    healthGrade: analysis.healthGrade,
    governanceScore: analysis.governanceScore,
    analysis: text,
  };
}

/**
 * POST /api/chat/analyze-company: a tracked company's real metrics, or a preliminary analysis of an
 * untracked company from what the message states (computeMetrics on it, defaults marked), with the
 * action to add it. Nothing identifiable is a 422 with the spec's message.
 */
export async function analyzeCompany(db: Db, message: string, now = new Date()): Promise<AnalyzeCompanyResponse> {
  const company = await findTracked(db, message);
  const market = await loadBtcMarket(db, now);
  if (company) {
    const source = await holdingsSourceOf(db, company);
    const analysis = trackedAnalysis(company, source, await slugOf(db, company.id));
    const companyInfo = trackedInfo(company, source);
    const btcYield = await yieldsOf(db, company.id, now);
    const { text, generatedBy } = await prose(message, { company: companyInfo, metrics: analysis, btcYield, btcPriceUsd: market.priceUsd }, () =>
      writeCompanyAnalysis(analysis, market.priceUsd, btcYield),
    );
    return { analysis: companyAnalysisOf(analysis, text), companyInfo, treasuryAnalysis: analysis, suggestedActions: [ask('Market overview', 'market overview')], generatedBy };
  }

  const described = describeCompany(message);
  if (!described || described.btcHoldings === null || !described.name) throw new AppError('not_found', analyzeFailureMessage);
  const metrics = computeMetrics({
    btcHoldings: described.btcHoldings,
    holdingsAsOf: now,
    btcPriceUsd: market.priceUsd,
    btcVolatility: market.volatility,
    marketCapUsd: described.marketCapUsd,
    sharesOutstanding: null,
    avgCostUsd: null,
    history: [],
    insiderTrades: [],
    flagged: false,
    secRegistrant: false,
    hasSourceDocument: false,
    now,
  });
  const analysis: TreasuryAnalysis = {
    companyId: null,
    companyPath: null,
    name: described.name,
    ticker: described.ticker,
    tracked: false,
    ...scoreFigures(metrics),
    btcHoldings: described.btcHoldings,
    holdingsAsOf: null,
    source: 'your message',
    defaults: metrics.defaults,
  };
  const companyInfo: CompanyInfo = {
    name: described.name,
    ticker: described.ticker,
    exchange: described.exchange,
    sector: described.sector ?? 'Other',
    country: null,
    btcHoldings: described.btcHoldings,
    holdingsAsOf: null,
    source: 'your message',
    marketCapUsd: described.marketCapUsd,
    tracked: false,
  };
  const { text, generatedBy } = await prose(message, { company: companyInfo, preliminaryMetrics: analysis, btcPriceUsd: market.priceUsd }, () =>
    writeCompanyAnalysis(analysis, market.priceUsd),
  );
  const companyAnalysis = companyAnalysisOf(analysis, described.ticker ? text : `${text} Tell me its ticker to add it to tracking.`);
  const suggestedActions: SuggestedAction[] = described.ticker
    ? [{ label: 'Add to tracking', action: 'add_company', data: { companyInfo, analysis: companyAnalysis } }]
    : [];
  return { analysis: companyAnalysis, companyInfo, treasuryAnalysis: analysis, suggestedActions, generatedBy };
}

/**
 * POST /api/chat/add-company: a tracked Company with its first snapshot and audit row, metrics
 * computed, and company_update announced. Same ticker and exchange (or the same ticker when no
 * exchange is given) is a 409.
 */
export async function addCompany(db: Db, userId: string, input: AddCompanyInput, options: { bus?: EventBus; now?: Date } = {}): Promise<AddCompanyResponse> {
  const now = options.now ?? new Date();
  const info = input.companyInfo;
  const duplicate = await db.company.findFirst({
    where: info.exchange === 'OTHER' ? { ticker: info.ticker } : { ticker: info.ticker, exchange: info.exchange },
    select: { id: true },
  });
  if (duplicate) throw new AppError('conflict', alreadyTrackedMessage);

  let id: string;
  try {
    id = await db.$transaction(async (tx) => {
      const company = await tx.company.create({
        data: {
          name: info.name,
          ticker: info.ticker,
          exchange: info.exchange,
          sector: info.sector,
          country: info.country,
          btcHoldings: info.btcHoldings,
          holdingsAsOf: now,
          marketCapUsd: info.marketCapUsd,
          source: addedViaAssistantSource,
          notes: 'Holdings as stated by the user who added the company; not yet confirmed by a filing.',
          addedById: userId,
          // Unconfirmed, and out of every total, until a filing or a second source states a figure (issue 12).
          holdingsConfirmed: false,
        },
        select: { id: true },
      });
      await tx.holdingSnapshot.create({ data: { companyId: company.id, asset: 'BTC', quantity: info.btcHoldings, asOf: now, source: addedViaAssistantSource } });
      await tx.holdingChange.create({
        data: {
          companyId: company.id,
          asset: 'BTC',
          oldQuantity: null,
          newQuantity: info.btcHoldings,
          source: addedViaAssistantSource,
          learnedAt: now,
          note: `Added to tracking through the AI assistant by user ${userId} with ${formatBtc(info.btcHoldings)} as stated by that user.`,
        },
      });
      return company.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', alreadyTrackedMessage);
    throw error;
  }

  await recomputeMetrics(db, { companyIds: [id], now });
  const company = (await loadTracked(db, id))!;
  const metrics = metricsView(company.metrics);
  await publishSafely(options.bus ?? getBus(), 'company_update', {
    companyId: company.id,
    name: company.name,
    ticker: company.ticker,
    exchange: company.exchange,
    btcHoldings: company.btcHoldings,
    previousBtcHoldings: null,
    holdingsAsOf: isoDay(company.holdingsAsOf),
    source: company.source,
    sourceUrl: null,
    flagged: false,
    flagReason: null,
  });
  return {
    message: `${nameWithTicker(company)} is now tracked with ${formatBtc(company.btcHoldings)}.`,
    company: {
      ...companyFacts(company, company.source),
      metrics: {
        healthGrade: metrics.healthGrade,
        aiRiskScore: metrics.aiRiskScore,
        convictionScore: metrics.convictionScore,
        governanceScore: metrics.governanceScore,
        defaults: metrics.defaults,
      },
    },
  };
}
