import { comparisonHoldingSources } from '../../treasury/flags';
import type { Db } from '../../db';
import { publishSafely } from '../events';
import { formatBtc } from '../sec/classify';
import type { IngestContext, IngestOutcome, Ingester } from '../types';
import { CoinGeckoClient } from './coingecko';
import { matchTreasuryEntry, parsePublicTreasury, type OurListing, type TreasuryEntry } from './public-treasury';
import { isoDay } from '../../dates';

// A second holdings source. Each matched company's CoinGecko figure is stored as its own
// HoldingSnapshot (source "CoinGecko public treasury", dated the day it was read); the company's
// current figure is not replaced. When the two differ by more than 5 % the company is flagged with a
// reason naming both figures and dates; when they agree again, this rule's reason is removed and the
// flag cleared unless another rule's reason remains.

const coingeckoTreasurySource = comparisonHoldingSources[0];
const publicUrl = 'https://www.coingecko.com/en/treasuries/bitcoin';
const disagreementThreshold = 0.05;
const reasonSeparator = ' | ';

const utcDay = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));

/** The public-treasury list every COINGECKO_TREASURY_INTERVAL_HOURS. */
export const coingeckoTreasuryIngester: Ingester = {
  source: 'coingecko-treasury',
  dataSourceKey: 'coingecko-treasury',
  intervalMs: (config) => config.market.treasuryIntervalMs,
  async run(context: IngestContext): Promise<IngestOutcome> {
    const { db, config } = context;
    const client = new CoinGeckoClient(config.market, config.timeoutMs);
    const { entries, malformed } = parsePublicTreasury(await client.getJson(`${config.market.baseUrl}/companies/public_treasury/bitcoin`));
    if (entries.length === 0) return { status: 'error', itemsAdded: 0, message: 'The public-treasury list named no company.' };

    const listings: OurListing[] = await db.company.findMany({ select: { id: true, name: true, ticker: true, exchange: true } });
    const asOf = utcDay(context.now());
    const unmatched: { entry: TreasuryEntry; reason: string }[] = [];
    const matchedIds = new Set<string>();
    let stored = 0;
    let flagged = 0;
    let cleared = 0;
    for (const entry of entries) {
      const match = matchTreasuryEntry(entry, listings);
      if (!match.company) {
        unmatched.push({ entry, reason: match.reason });
        continue;
      }
      if (matchedIds.has(match.company.id)) {
        unmatched.push({ entry, reason: `${match.company.name} was already matched to another entry` });
        continue;
      }
      matchedIds.add(match.company.id);
      const outcome = await recordFigure(db, context, match.company.id, entry, asOf);
      if (outcome.stored) stored += 1;
      if (outcome.flag === 'set') flagged += 1;
      if (outcome.flag === 'cleared') cleared += 1;
    }

    const parts = [`${stored} new figure${stored === 1 ? '' : 's'} for ${matchedIds.size} of ${entries.length} listed companies matched`];
    if (flagged) parts.push(`${flagged} flagged (more than 5 % from our figure)`);
    if (cleared) parts.push(`${cleared} flag${cleared === 1 ? '' : 's'} cleared`);
    if (unmatched.length) parts.push(describeUnmatched(unmatched));
    if (malformed) parts.push(`${malformed} malformed entr${malformed === 1 ? 'y' : 'ies'} skipped`);
    return { status: 'ok', itemsAdded: stored, message: parts.join('; ') };
  },
};

/** Run messages are capped at 2,000 characters: the first entries with their reasons, then the other symbols. */
const unmatchedWithReasons = 10;

function describeUnmatched(unmatched: readonly { entry: TreasuryEntry; reason: string }[]): string {
  const detailed = unmatched.slice(0, unmatchedWithReasons).map(({ entry, reason }) => `${entry.name} (${entry.symbol}): ${reason}`);
  const rest = unmatched.slice(unmatchedWithReasons).map(({ entry }) => entry.symbol);
  return `${unmatched.length} not matched: ${detailed.join('; ')}${rest.length ? `; also ${rest.join(', ')}` : ''}`;
}

interface FigureOutcome {
  stored: boolean;
  flag: 'set' | 'cleared' | 'unchanged';
}

function isTreasuryRuleReason(reason: string): boolean {
  return reason.startsWith(`${coingeckoTreasurySource} reports `);
}

async function recordFigure(db: Db, context: IngestContext, companyId: string, entry: TreasuryEntry, asOf: Date): Promise<FigureOutcome> {
  const outcome = await db.$transaction(async (tx) => {
    const key = { companyId, asset: 'BTC', asOf, source: coingeckoTreasurySource };
    const existing = await tx.holdingSnapshot.findUnique({ where: { companyId_asset_asOf_source: key } });
    let stored = false;
    if (!existing) {
      await tx.holdingSnapshot.create({ data: { ...key, quantity: entry.totalHoldings, sourceUrl: publicUrl } });
      stored = true;
    } else if (existing.quantity !== entry.totalHoldings) {
      // The list moved within the day: the day's figure is the latest read.
      await tx.holdingSnapshot.update({ where: { id: existing.id }, data: { quantity: entry.totalHoldings } });
      stored = true;
    }

    const company = await tx.company.findUniqueOrThrow({ where: { id: companyId } });
    const ours = company.btcHoldings;
    const apart = ours > 0 ? Math.abs(entry.totalHoldings - ours) / ours : entry.totalHoldings > 0 ? Infinity : 0;
    const others = (company.flagReason ?? '').split(reasonSeparator).filter((reason) => reason && !isTreasuryRuleReason(reason));
    const hadOurs = (company.flagReason ?? '').split(reasonSeparator).some(isTreasuryRuleReason);
    let flag: FigureOutcome['flag'] = 'unchanged';
    let data: { flagged: boolean; flagReason: string | null } | undefined;
    if (apart > disagreementThreshold) {
      const percent = Number.isFinite(apart) ? `${Math.round(apart * 1000) / 10}% apart` : 'ours is zero';
      const reason = `${coingeckoTreasurySource} reports ${formatBtc(entry.totalHoldings)} BTC as of ${isoDay(asOf)}; our current figure is ${formatBtc(ours)} BTC as of ${isoDay(company.holdingsAsOf)} (${percent}).`;
      const flagReason = [...others, reason].join(reasonSeparator);
      if (!company.flagged || company.flagReason !== flagReason) {
        data = { flagged: true, flagReason };
        if (!hadOurs) flag = 'set';
      }
    } else if (hadOurs) {
      data = others.length ? { flagged: true, flagReason: others.join(reasonSeparator) } : { flagged: false, flagReason: null };
      flag = 'cleared';
    }
    if (data) await tx.company.update({ where: { id: companyId }, data });
    return { stored, flag, company, data };
  });

  if (outcome.data) {
    const { company } = outcome;
    await publishSafely(context.bus, 'company_update', {
      companyId: company.id,
      name: company.name,
      ticker: company.ticker,
      exchange: company.exchange,
      btcHoldings: company.btcHoldings,
      previousBtcHoldings: company.btcHoldings,
      holdingsAsOf: isoDay(company.holdingsAsOf),
      source: coingeckoTreasurySource,
      sourceUrl: publicUrl,
      flagged: outcome.data.flagged,
      flagReason: outcome.data.flagReason,
    });
  }
  return { stored: outcome.stored, flag: outcome.flag };
}
