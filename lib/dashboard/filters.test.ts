import { applyDashboardFilter, isDashboardFilter, type FilterableHolding } from './filters';

const now = new Date('2026-11-25T12:00:00.000Z');
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();

const holding = (id: string, aiRiskScore: number, signals: { severity: string; detectedAt: string }[] = []): FilterableHolding => ({
  id,
  metrics: { aiRiskScore },
  activeSignals: signals,
});

const holdings = [
  holding('big', 6, [{ severity: 'low', detectedAt: hoursAgo(72) }]),
  holding('risky', 7.5, [{ severity: 'critical', detectedAt: hoursAgo(2) }]),
  holding('safe', 5),
  holding('mid', 7.4, [{ severity: 'high', detectedAt: hoursAgo(30) }, { severity: 'medium', detectedAt: hoursAgo(40) }]),
  holding('changed', 5.1),
];
const context = { now, recentChangeIds: new Set(['changed']) };
const ids = (filter: Parameters<typeof applyDashboardFilter>[1]) => applyDashboardFilter(holdings, filter, context).map((item) => item.id);

it('keeps every holding, in order, for all', () => {
  expect(ids('all')).toEqual(['big', 'risky', 'safe', 'mid', 'changed']);
});

it('high-risk means a risk of 7.5 or above', () => {
  expect(ids('high-risk')).toEqual(['risky']);
});

it('safe-holdings means a risk of 5 or below', () => {
  expect(ids('safe-holdings')).toEqual(['safe']);
});

it('recent-activity means a signal or a holdings change in the last 24 hours', () => {
  expect(ids('recent-activity')).toEqual(['risky', 'changed']);
});

it('top-signals keeps companies with signals, the heaviest severities first', () => {
  expect(ids('top-signals')).toEqual(['mid', 'risky', 'big']);
});

it('recognises the five filter values only', () => {
  expect(['all', 'top-signals', 'high-risk', 'safe-holdings', 'recent-activity'].every(isDashboardFilter)).toBe(true);
  expect(isDashboardFilter('everything')).toBe(false);
});
