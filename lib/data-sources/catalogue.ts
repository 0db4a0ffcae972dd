// The runtime catalogue of data sources: the rows the seed writes (prisma/seed/seed-sources.ts), the ingest
// runs against (DataSource.key) and the Data Sources screen lists.

// Spec 001 §3 "Source categories".
type DataSourceCategory =
  | 'regulatory'
  | 'corporate'
  | 'innovation'
  | 'communication'
  | 'surveys'
  | 'infrastructure'
  | 'investment'
  | 'governance';

interface DataSourceSeed {
  key: string;
  name: string;
  category: DataSourceCategory;
  status: 'active' | 'integration' | 'planned';
  coverage: number;
  updateFrequency: string;
  description: string;
  priority: 'high' | 'medium' | 'low';
}

/**
 * Spec 001 §3 "Listed sources", as the table gives them (its `signals` column is not stored: counts
 * come from stored signals), then the two sources the ingest itself runs on.
 */
export const dataSourceCatalogue: readonly DataSourceSeed[] = [
  {
    key: 'sec-filings',
    name: 'SEC filings feed',
    category: 'regulatory',
    status: 'active',
    coverage: 100,
    updateFrequency: 'real-time',
    description: 'SEC EDGAR filings (8-K and exhibits, 10-Q, 10-K, Form 4) that announce bitcoin purchases, sales, treasury policies or insider trades.',
    priority: 'high',
  },
  {
    key: 'job-postings',
    name: 'job postings intelligence',
    category: 'corporate',
    status: 'active',
    coverage: 85,
    updateFrequency: '15 minutes',
    description: 'Job postings for digital-asset treasury, custody and crypto accounting roles at listed companies.',
    priority: 'high',
  },
  {
    key: 'patent-database',
    name: 'patent database',
    category: 'innovation',
    status: 'integration',
    coverage: 60,
    updateFrequency: 'daily',
    description: 'Patent applications and grants that cover bitcoin custody, payments or blockchain technology.',
    priority: 'medium',
  },
  {
    key: 'earnings-calls',
    name: 'earnings call transcripts',
    category: 'communication',
    status: 'active',
    coverage: 95,
    updateFrequency: 'real-time',
    description: 'Earnings call transcripts in which executives discuss bitcoin or a digital-asset treasury.',
    priority: 'high',
  },
  {
    key: 'treasury-surveys',
    name: 'treasury survey data',
    category: 'surveys',
    status: 'integration',
    coverage: 40,
    updateFrequency: 'quarterly',
    description: 'Surveys of corporate treasurers and CFOs on digital-asset adoption.',
    priority: 'medium',
  },
  {
    key: 'custody-providers',
    name: 'custody provider intelligence',
    category: 'infrastructure',
    status: 'planned',
    coverage: 0,
    updateFrequency: 'weekly',
    description: 'Announcements by institutional custody providers of new corporate clients.',
    priority: 'high',
  },
  {
    key: 'corporate-venture',
    name: 'corporate venture capital',
    category: 'investment',
    status: 'active',
    coverage: 70,
    updateFrequency: 'daily',
    description: 'Corporate venture investments and acquisitions involving bitcoin and digital-asset companies.',
    priority: 'medium',
  },
  {
    key: 'board-appointments',
    name: 'board appointment tracking',
    category: 'governance',
    status: 'integration',
    coverage: 55,
    updateFrequency: 'weekly',
    description: 'Board and executive appointments of people with a bitcoin or digital-asset background.',
    priority: 'medium',
  },
  {
    key: 'market-prices',
    name: 'market prices',
    category: 'infrastructure',
    status: 'active',
    coverage: 100,
    updateFrequency: '5 minutes',
    description: 'BTC and ETH prices in USD, with history, from a CoinGecko-style market API.',
    priority: 'high',
  },
  {
    key: 'holdings-table',
    name: 'public-company holdings table',
    category: 'corporate',
    status: 'active',
    // Replaced at seed time by the share of tracked companies the imported table covers.
    coverage: 100,
    updateFrequency: 'daily',
    description:
      "bitbo.io's table of public companies that own bitcoin, scraped daily (github DarkoIOSG/Public-companies-BTC-holdings); imported as the holdings history.",
    priority: 'high',
  },
  {
    key: 'fx-rates',
    name: 'FX reference rates',
    category: 'infrastructure',
    status: 'active',
    // Every trading currency of the listings the price provider maps is an ECB reference currency.
    coverage: 100,
    updateFrequency: 'daily',
    description: "The European Central Bank's daily euro reference rates, stored as US dollars per unit of each currency (crossed through the euro) to convert non-USD share prices.",
    priority: 'high',
  },
  {
    key: 'equity-prices',
    name: 'share prices',
    category: 'investment',
    status: 'active',
    // 148 of the 157 seeded listings map to a provider symbol (lib/ingest/equity/listings.ts).
    coverage: 94,
    updateFrequency: 'daily',
    description: 'Daily closing share prices of the tracked listings in their trading currency, with the USD conversion, the FX rate and its date.',
    priority: 'high',
  },
  {
    key: 'sec-companyfacts',
    name: 'SEC XBRL fundamentals',
    category: 'regulatory',
    status: 'active',
    // 60 of the 157 seeded companies have an SEC CIK.
    coverage: 38,
    updateFrequency: 'daily',
    description: 'Shares outstanding, total debt, cash and preferred equity from SEC XBRL company facts, each with its period end, filing date, form and accession; restatements kept beside the original.',
    priority: 'high',
  },
  {
    key: 'coingecko-treasury',
    name: 'CoinGecko public treasury',
    category: 'corporate',
    status: 'active',
    // 17 of the 157 seeded companies matched an entry of the recorded 2023 answer (test/fixtures/coingecko).
    coverage: 11,
    updateFrequency: 'daily',
    description: "CoinGecko's list of public companies holding bitcoin, a second holdings figure for each matched company; a difference above 5 % from ours flags the company.",
    priority: 'medium',
  },
];

/** The source name of the signals derived from the holdings table's changes (the seed and the ingest write it). */
export const holdingsSignalSource = 'Market Data: bitbo.io public-company holdings table';
