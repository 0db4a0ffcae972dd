import type { Db } from '../db';
import { AppError } from '../http/errors';

// The address of a company's page, /companies/{slug}, and the way back from a slug to the company
// (issue 26): the ticker when no other listing shares it (MSTR), `{ticker}.{exchange}` when two
// listings do (COIN.NASDAQ, COIN.AQUIS), and the company's id when its listing is known to hold two
// entities (SATO:TSXV), since neither the ticker nor the listing names one company there. Matching
// ignores case; the canonical slug is the one links use and the page redirects to.

export interface Listing {
  id: string;
  name: string;
  ticker: string;
  exchange: string;
  /** The check behind the company's flag; 'duplicate-listing' marks a listing with two entities. */
  flagCheck: string | null;
  notes: string | null;
}

/** What the seed writes into a company's notes when the source lists a second entity under its listing (prisma/seed/seed.ts). */
export const duplicateListingNote = 'Conflict: the source also lists';

const listingSelect = { id: true, name: true, ticker: true, exchange: true, flagCheck: true, notes: true } as const;

export interface SlugCandidate {
  id: string;
  name: string;
  ticker: string;
  exchange: string;
  slug: string;
}

export type SlugResolution =
  | { kind: 'company'; id: string; slug: string; isCanonical: boolean }
  | { kind: 'ambiguous'; candidates: SlugCandidate[] }
  | { kind: 'not-found' };

const fold = (value: string) => value.toLowerCase();

/** A listing known to hold two entities: its ticker and exchange do not name one company. */
export function holdsTwoEntities(listing: Pick<Listing, 'flagCheck' | 'notes'>): boolean {
  return listing.flagCheck === 'duplicate-listing' || (listing.notes ?? '').includes(duplicateListingNote);
}

/** Canonical slugs of every listing, and how to resolve any slug among them. */
export class SlugIndex {
  private readonly byId = new Map<string, Listing>();
  private readonly byTicker = new Map<string, Listing[]>();
  private readonly slugs = new Map<string, string>();

  constructor(listings: readonly Listing[]) {
    for (const listing of listings) {
      this.byId.set(listing.id, listing);
      const key = fold(listing.ticker);
      this.byTicker.set(key, [...(this.byTicker.get(key) ?? []), listing]);
    }
    for (const listing of listings) this.slugs.set(listing.id, this.canonical(listing));
  }

  private canonical(listing: Listing): string {
    if (holdsTwoEntities(listing)) return listing.id;
    if ((this.byTicker.get(fold(listing.ticker)) ?? []).length === 1) return listing.ticker;
    const qualified = `${listing.ticker}.${listing.exchange}`;
    // A qualified slug that is itself another company's ticker ("X.T") would resolve to that company.
    return this.byTicker.has(fold(qualified)) ? listing.id : qualified;
  }

  /** The canonical slug of a company, or undefined when it is not in the index. */
  slugOf(id: string): string | undefined {
    return this.slugs.get(id);
  }

  resolve(rawSlug: string): SlugResolution {
    const slug = rawSlug.trim();
    if (!slug || slug.length > 64) return { kind: 'not-found' };
    const byId = this.byId.get(slug);
    if (byId) return this.found(byId, slug);
    const sameTicker = this.byTicker.get(fold(slug)) ?? [];
    if (sameTicker.length === 1) return this.found(sameTicker[0]!, slug);
    if (sameTicker.length > 1) {
      const candidates = sameTicker.map((listing) => ({ id: listing.id, name: listing.name, ticker: listing.ticker, exchange: listing.exchange, slug: this.slugs.get(listing.id)! }));
      return { kind: 'ambiguous', candidates: candidates.sort((a, b) => a.slug.localeCompare(b.slug)) };
    }
    // `{ticker}.{exchange}`: the exchange follows the last dot, since tickers may hold dots themselves (3350.T).
    const dot = slug.lastIndexOf('.');
    if (dot > 0) {
      const [ticker, exchange] = [fold(slug.slice(0, dot)), fold(slug.slice(dot + 1))];
      const listing = (this.byTicker.get(ticker) ?? []).find((candidate) => fold(candidate.exchange) === exchange);
      if (listing) return this.found(listing, slug);
    }
    return { kind: 'not-found' };
  }

  private found(listing: Listing, slug: string): SlugResolution {
    const canonical = this.slugs.get(listing.id)!;
    return { kind: 'company', id: listing.id, slug: canonical, isCanonical: canonical === slug };
  }
}

/** Every company's listing, read fresh: a few hundred short rows, cheaper than keeping them in step. */
export async function loadSlugIndex(db: Db): Promise<SlugIndex> {
  return new SlugIndex(await db.company.findMany({ select: listingSelect }));
}

/**
 * The id of the company a slug or id names, for the API; a 404 when it names none, a 409 listing the
 * slugs when a bare ticker names several. One place, so every /api/v1/companies/{id}/… route accepts the same.
 */
export async function resolveCompanyId(db: Db, slugOrId: string): Promise<string> {
  // The common case, an id, costs one indexed read instead of the whole index.
  const direct = slugOrId.length <= 64 ? await db.company.findUnique({ where: { id: slugOrId }, select: { id: true } }) : null;
  if (direct) return direct.id;
  const resolution = (await loadSlugIndex(db)).resolve(slugOrId);
  if (resolution.kind === 'company') return resolution.id;
  if (resolution.kind === 'ambiguous') {
    throw new AppError('conflict', `${slugOrId} names more than one company: use ${resolution.candidates.map((candidate) => candidate.slug).join(' or ')}.`);
  }
  throw new AppError('not_found', 'Company not found');
}
