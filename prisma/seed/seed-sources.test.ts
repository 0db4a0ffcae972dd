import { dataSourceCatalogue } from '../../lib/data-sources/catalogue';

// Spec 001 §3 "Listed sources", copied row by row (the signals column is counted, not stored).
const specTable = `
| SEC filings feed | regulatory | active | 100% | real-time | 1247 | high |
| job postings intelligence | corporate | active | 85% | 15 minutes | 892 | high |
| patent database | innovation | integration | 60% | daily | 234 | medium |
| earnings call transcripts | communication | active | 95% | real-time | 567 | high |
| treasury survey data | surveys | integration | 40% | quarterly | 123 | medium |
| custody provider intelligence | infrastructure | planned | 0% | weekly | 0 | high |
| corporate venture capital | investment | active | 70% | daily | 345 | medium |
| board appointment tracking | governance | integration | 55% | weekly | 89 | medium |
`;

describe('dataSourceCatalogue', () => {
  it('lists the eight sources of the spec with its figures, then the ones the ingest runs on', () => {
    const expected = specTable
      .trim()
      .split('\n')
      .map((line) => {
        const [name, category, status, coverage, updateFrequency, , priority] = line.split('|').slice(1, -1).map((cell) => cell.trim());
        return { name, category, status, coverage: Number(coverage?.replace('%', '')), updateFrequency, priority };
      });
    const listed = dataSourceCatalogue.map(({ name, category, status, coverage, updateFrequency, priority }) => ({
      name,
      category,
      status,
      coverage,
      updateFrequency,
      priority,
    }));
    expect(listed.slice(0, 8)).toEqual(expected);
    expect(dataSourceCatalogue.slice(8).map((source) => source.key)).toEqual(['market-prices', 'holdings-table', 'fx-rates', 'equity-prices', 'sec-companyfacts', 'coingecko-treasury']);
  });

  it('gives every source a unique key and a description', () => {
    expect(new Set(dataSourceCatalogue.map((source) => source.key)).size).toBe(dataSourceCatalogue.length);
    for (const source of dataSourceCatalogue) expect(source.description.length).toBeGreaterThan(20);
  });
});
