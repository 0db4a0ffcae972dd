import { displayCompanyName, signalTypeLabel, sourceKind, unknownCompany } from './display';

describe('signal display', () => {
  it('names the company by the first word of the description', () => {
    expect(displayCompanyName({ description: 'Strategy Inc filed an 8-K reporting 1,000 BTC' })).toBe('Strategy');
    expect(displayCompanyName({ description: '  Metaplanet  bought' })).toBe('Metaplanet');
    expect(displayCompanyName({ description: '' })).toBe(unknownCompany);
    expect(displayCompanyName({ description: null })).toBe('Unknown Company');
  });

  it('colours sources by SEC, Social, Market or News, in that order', () => {
    expect(sourceKind('SEC EDGAR 8-K')).toBe('sec');
    expect(sourceKind('Social Sentiment')).toBe('social');
    expect(sourceKind('Market Data Feed')).toBe('market');
    expect(sourceKind('News wire')).toBe('news');
    expect(sourceKind('SEC News')).toBe('sec');
    expect(sourceKind('Holdings history')).toBe('other');
  });

  it('labels types', () => {
    expect(signalTypeLabel('pre-pump')).toBe('Pre-Pump');
  });
});
