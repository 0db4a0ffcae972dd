import { describeCompany } from './describe';

describe('describing an untracked company', () => {
  it('takes the name, ticker and holdings the message states', () => {
    expect(describeCompany('Analyze Acme Robotics Corp (ACME), which holds 500 BTC')).toEqual({
      name: 'Acme Robotics Corp', ticker: 'ACME', exchange: null, btcHoldings: 500, sector: null, marketCapUsd: null,
    });
    expect(describeCompany('track Zephyr Mining Ltd NASDAQ: ZPHR holds 1,250 bitcoin')).toMatchObject({ name: 'Zephyr Mining Ltd', ticker: 'ZPHR', exchange: 'NASDAQ', btcHoldings: 1250, sector: 'Mining' });
    expect(describeCompany('add company Nova Health with ticker NVH holding 12.5 BTC, market cap $2.5 billion')).toMatchObject({
      name: 'Nova Health', ticker: 'NVH', btcHoldings: 12.5, marketCapUsd: 2.5e9,
    });
    expect(describeCompany('Please analyze Orbital Software Inc. ticker ORBS, it holds 3k BTC')).toMatchObject({ ticker: 'ORBS', btcHoldings: 3000, sector: 'Technology' });
  });

  it('leaves holdings unknown when no figure is given, and answers null when nothing is named', () => {
    expect(describeCompany('analyze Quasar Dynamics')).toMatchObject({ name: 'Quasar Dynamics', btcHoldings: null });
    expect(describeCompany('analyze something for me')).toBeNull();
    expect(describeCompany('what is the treasury outlook')).toBeNull();
  });
});
