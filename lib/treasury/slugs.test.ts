import { companyPath } from './company-path';
import { duplicateListingNote, holdsTwoEntities, SlugIndex, type Listing } from './slugs';

const listing = (id: string, ticker: string, exchange: string, extra: Partial<Listing> = {}): Listing => ({ id, name: `${ticker} ${exchange} Inc.`, ticker, exchange, flagCheck: null, notes: null, ...extra });

const mstr = listing('c-mstr', 'MSTR', 'NASDAQ');
const coinbase = listing('c-coin', 'COIN', 'NASDAQ');
const coinsilium = listing('c-coinsilium', 'COIN', 'AQUIS');
const sato = listing('c-sato', 'SATO', 'TSXV', { flagCheck: 'duplicate-listing' });
const metaplanet = listing('c-3350', '3350.T', 'TYO');
const index = new SlugIndex([mstr, coinbase, coinsilium, sato, metaplanet]);

describe('canonical slugs', () => {
  it('is the ticker when no other listing shares it', () => {
    expect(index.slugOf('c-mstr')).toBe('MSTR');
    expect(index.slugOf('c-3350')).toBe('3350.T');
  });

  it('is ticker.exchange when two listings share the ticker', () => {
    expect(index.slugOf('c-coin')).toBe('COIN.NASDAQ');
    expect(index.slugOf('c-coinsilium')).toBe('COIN.AQUIS');
  });

  it('is the id when the listing holds two entities (flag check or the seed note)', () => {
    expect(index.slugOf('c-sato')).toBe('c-sato');
    expect(holdsTwoEntities({ flagCheck: null, notes: `shares as of 2026 | ${duplicateListingNote} "SATO Technologies Corp." under SATO:TSXV` })).toBe(true);
    expect(holdsTwoEntities({ flagCheck: 'same-figure', notes: null })).toBe(false);
  });

  it('falls back to the id when ticker.exchange is itself another company’s ticker', () => {
    const clash = new SlugIndex([listing('a', 'X', 'T'), listing('b', 'X', 'NYSE'), listing('c', 'X.T', 'TSE')]);
    expect(clash.slugOf('a')).toBe('a');
    expect(clash.slugOf('b')).toBe('X.NYSE');
    expect(clash.resolve('X.T')).toEqual({ kind: 'company', id: 'c', slug: 'X.T', isCanonical: true });
  });

  it('resolves every canonical slug back to its own company', () => {
    for (const { id } of [mstr, coinbase, coinsilium, sato, metaplanet]) {
      expect(index.resolve(index.slugOf(id)!)).toEqual({ kind: 'company', id, slug: index.slugOf(id), isCanonical: true });
    }
  });
});

describe('resolving a slug', () => {
  it('finds a unique ticker, in any case, and says when the slug was not the canonical one', () => {
    expect(index.resolve('MSTR')).toEqual({ kind: 'company', id: 'c-mstr', slug: 'MSTR', isCanonical: true });
    expect(index.resolve('mstr')).toEqual({ kind: 'company', id: 'c-mstr', slug: 'MSTR', isCanonical: false });
    expect(index.resolve('3350.t')).toEqual({ kind: 'company', id: 'c-3350', slug: '3350.T', isCanonical: false });
  });

  it('finds a shared ticker by ticker.exchange in any case', () => {
    expect(index.resolve('COIN.NASDAQ')).toMatchObject({ kind: 'company', id: 'c-coin', isCanonical: true });
    expect(index.resolve('coin.aquis')).toEqual({ kind: 'company', id: 'c-coinsilium', slug: 'COIN.AQUIS', isCanonical: false });
  });

  it('finds a company by its id, and the two-entity listing by its ticker or listing, canonically by id', () => {
    expect(index.resolve('c-mstr')).toEqual({ kind: 'company', id: 'c-mstr', slug: 'MSTR', isCanonical: false });
    expect(index.resolve('SATO')).toEqual({ kind: 'company', id: 'c-sato', slug: 'c-sato', isCanonical: false });
    expect(index.resolve('sato.tsxv')).toEqual({ kind: 'company', id: 'c-sato', slug: 'c-sato', isCanonical: false });
    expect(index.resolve('c-sato')).toEqual({ kind: 'company', id: 'c-sato', slug: 'c-sato', isCanonical: true });
  });

  it('lists the candidates of a bare shared ticker, with their slugs', () => {
    expect(index.resolve('coin')).toEqual({
      kind: 'ambiguous',
      candidates: [
        { id: 'c-coinsilium', name: 'COIN AQUIS Inc.', ticker: 'COIN', exchange: 'AQUIS', slug: 'COIN.AQUIS' },
        { id: 'c-coin', name: 'COIN NASDAQ Inc.', ticker: 'COIN', exchange: 'NASDAQ', slug: 'COIN.NASDAQ' },
      ],
    });
  });

  it('does not find unknown tickers, unknown listings, empty or overlong slugs', () => {
    for (const slug of ['NOPE', 'COIN.LSE', 'MSTR.NYSE', '', '   ', '.', `${'A'.repeat(65)}`]) expect(index.resolve(slug)).toEqual({ kind: 'not-found' });
  });
});

it('builds the page path with the slug encoded', () => {
  expect(companyPath('COIN.NASDAQ')).toBe('/companies/COIN.NASDAQ');
  expect(companyPath('NTHOL TI')).toBe('/companies/NTHOL%20TI');
});
