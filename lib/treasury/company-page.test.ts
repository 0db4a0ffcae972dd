import { btcPerShareHistory } from './company-page';

const dated = (date: string, value: number, source = 'filing') => ({ date, value, source });

describe('btcPerShareHistory', () => {
  it('divides each date’s holdings by the latest share count on or before it, from the first count on', () => {
    const points = btcPerShareHistory([dated('2026-01-01', 100), dated('2026-02-01', 150), dated('2026-03-01', 150)], [dated('2026-01-15', 1_000_000, '10-Q')], []);
    expect(points).toEqual([
      { date: '2026-01-15', btcPer1000Shares: 0.1, holdingsSource: 'filing', sharesAsOf: '2026-01-15', sharesSource: '10-Q' },
      { date: '2026-02-01', btcPer1000Shares: 0.15, holdingsSource: 'filing', sharesAsOf: '2026-01-15', sharesSource: '10-Q' },
    ]);
  });

  it('never pairs holdings with a share count across a split', () => {
    const points = btcPerShareHistory([dated('2026-01-01', 100), dated('2026-06-01', 100)], [dated('2026-01-01', 1_000)], [{ after: '2026-03-01', before: '2026-04-01', ratio: 10 }]);
    expect(points.map((point) => point.date)).toEqual(['2026-01-01']);
  });
});
