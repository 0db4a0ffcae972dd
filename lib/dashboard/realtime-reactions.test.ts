import { matchesPrefixes, reactionTo } from './realtime-reactions';

const signal = { companyName: 'Strategy', description: 'Form 8-K: bitcoin purchase', severity: 'critical' };

it('toasts a critical new signal for 8 s and refetches signals and stats', () => {
  const reaction = reactionTo({ type: 'new_signal', data: signal });
  expect(reaction.toast).toMatchObject({ title: 'Critical Signal Detected', description: 'Strategy: Form 8-K: bitcoin purchase', duration: 8000 });
  expect(reaction.invalidate).toEqual(expect.arrayContaining(['/api/signals', '/api/dashboard/stats', '/api/treasury/holdings']));
});

it('does not toast a non-critical new signal', () => {
  expect(reactionTo({ type: 'new_signal', data: { ...signal, severity: 'high' } }).toast).toBeUndefined();
});

it('toasts a critical alert for 10 s', () => {
  expect(reactionTo({ type: 'critical_alert', data: { ...signal, companyName: '' } }).toast).toMatchObject({ title: 'Critical Alert', description: 'Unknown Company: Form 8-K: bitcoin purchase', duration: 10000 });
});

it('toasts a BTC move above 2% for 4 s, and not one of 2% or less', () => {
  const big = reactionTo({ type: 'market_update', data: { bitcoin: { price: 91_000, change24h: -2.4 } } });
  expect(big.toast).toMatchObject({ title: 'BTC Price Alert', description: 'Bitcoin is down 2.4% in 24 h to $91,000', duration: 4000 });
  expect(big.invalidate).toEqual(expect.arrayContaining(['/api/market-data', '/api/dashboard/stats']));
  expect(reactionTo({ type: 'market_update', data: { bitcoin: { price: 91_000, change24h: 2 } } }).toast).toBeUndefined();
  expect(reactionTo({ type: 'market_update', data: { bitcoin: null } }).toast).toBeUndefined();
});

it('refetches holdings on a company update and nothing for pong', () => {
  expect(reactionTo({ type: 'company_update', data: {} }).invalidate).toContain('/api/treasury/holdings');
  expect(reactionTo({ type: 'pong' })).toEqual({ invalidate: [] });
});

it('matches query keys by path prefix', () => {
  expect(matchesPrefixes(['/api/signals?severity=critical'], ['/api/signals'])).toBe(true);
  expect(matchesPrefixes(['/api/signals'], ['/api/signals'])).toBe(true);
  expect(matchesPrefixes(['/api/analytics/health-distribution'], ['/api/analytics'])).toBe(true);
  expect(matchesPrefixes(['/api/signalsx'], ['/api/signals'])).toBe(false);
  expect(matchesPrefixes([42], ['/api/signals'])).toBe(false);
});

it('refetches a channel\'s queries when a resume could not replay everything it missed, and nothing when it could', () => {
  const gap = reactionTo({ type: 'subscribed', channel: 'signals', complete: false });
  expect(gap.toast).toBeUndefined();
  expect(gap.invalidate).toEqual(expect.arrayContaining(['/api/signals', '/api/dashboard/stats', '/api/treasury/holdings', '/api/data/latest']));
  expect(reactionTo({ type: 'subscribed', channel: 'signals', complete: true })).toEqual({ invalidate: [] });
  expect(reactionTo({ type: 'subscribed', channel: 'signals' })).toEqual({ invalidate: [] });
});
