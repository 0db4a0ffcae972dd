import fs from 'node:fs';
import path from 'node:path';
import { findCompanyInMessage, nameAliases, type LookupCompany } from './company-lookup';

// The real seeded company list, so the rules are checked against the names and tickers users will type.
function seededCompanies(): LookupCompany[] {
  const lines = fs.readFileSync(path.join(__dirname, '../../prisma/seed-data/treasury-companies.csv'), 'utf8').split('\n').slice(1).filter(Boolean);
  return lines.map((line, index) => {
    const match = /^("((?:[^"]|"")*)"|[^,]*),([^,]*),/.exec(line)!;
    return { id: String(index), name: (match[2] ?? match[1]!).replace(/""/g, '"'), ticker: match[3]! };
  });
}

const companies = seededCompanies();
const find = (message: string) => {
  const match = findCompanyInMessage(message, companies);
  return match ? { ticker: match.company.ticker, by: match.by } : null;
};

describe('company lookup', () => {
  it('finds a company by ticker as a whole word', () => {
    expect(find('analyze MSTR')).toEqual({ ticker: 'MSTR', by: 'ticker' });
    expect(find('How is MARA doing?')).toEqual({ ticker: 'MARA', by: 'ticker' });
    expect(find('mara stats')).toEqual({ ticker: 'MARA', by: 'ticker' });
    expect(find('what about $hut')).toEqual({ ticker: 'HUT', by: 'ticker' });
    expect(find('ticker: gme please')).toEqual({ ticker: 'GME', by: 'ticker' });
  });

  it('does not take everyday words or short lowercase words for tickers', () => {
    for (const message of [
      'Can you tell me any news?',
      'I want a summary of the market',
      'is there a company that can tap into this',
      'what is your strategy for the market?',
      'I am bullish on bitcoin',
      'How many companies hold bitcoin?',
      'what is the total bitcoin held',
      'THE BTC PRICE TODAY',
      'a bit of help please',
      'the next big thing',
    ]) {
      expect({ message, found: find(message) }).toEqual({ message, found: null });
    }
  });

  it('finds a company by its name, normalised, the longest name winning', () => {
    expect(find('analyze Strategy')).toEqual({ ticker: 'MSTR', by: 'name' });
    expect(find('tell me about microstrategy')).toEqual({ ticker: 'MSTR', by: 'name' });
    expect(find('how is tesla doing')).toEqual({ ticker: 'TSLA', by: 'name' });
    expect(find('analyze Marathon Digital')).toEqual({ ticker: 'MARA', by: 'name' });
    expect(find('Show me Coinbase')).toEqual({ ticker: 'COIN', by: 'name' });
    expect(find('Is GameStop a buy')).toEqual({ ticker: 'GME', by: 'name' });
    expect(find('analyze Bitcoin Group SE')?.by).toBe('name');
    expect(find('what does Méliuz hold')).toEqual({ ticker: expect.any(String), by: 'name' });
  });

  it('a ticker match wins over a name match', () => {
    expect(find('Compare Tesla with MSTR')).toEqual({ ticker: 'MSTR', by: 'ticker' });
  });

  it('builds aliases from brackets, former names and legal forms, never generic words alone', () => {
    expect(nameAliases('Strategy (MicroStrategy)')).toEqual(expect.arrayContaining(['strategy microstrategy', 'strategy', 'microstrategy']));
    expect(nameAliases('Empery Digital (Formerly: Volcon)')).toEqual(expect.arrayContaining(['empery digital', 'empery', 'volcon']));
    expect(nameAliases('Marathon Digital Holdings Inc')).toEqual(expect.arrayContaining(['marathon digital', 'marathon']));
    for (const company of companies) {
      for (const alias of nameAliases(company.name)) expect(['bitcoin', 'btc', 'capital', 'group', 'holdings', 'digital']).not.toContain(alias);
    }
  });
});
