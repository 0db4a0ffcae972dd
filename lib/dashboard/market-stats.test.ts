import { formatMoney } from '../format';
import { marketValueText, movePeriodLabels } from './market-stats';

it('says the market value is unknown, never a fixed figure, when no price is stored', () => {
  expect(marketValueText(150_300_000_000, formatMoney)).toBe('$150.3B');
  expect(marketValueText(0, formatMoney)).toBe('Unknown: no stored BTC price');
  expect(marketValueText(undefined, formatMoney)).toBe('Unknown: no stored BTC price');
});

it('calls the moves "today" and "this week" only when the latest price is from the last day', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  expect(movePeriodLabels('2026-11-25T11:00:00Z', now)).toEqual({ day: 'today', week: 'this week' });
  expect(movePeriodLabels('2026-07-11T00:00:00Z', now)).toEqual({ day: 'in the day to Jul 11, 2026', week: 'in the week to Jul 11, 2026' });
  expect(movePeriodLabels(null, now)).toEqual({ day: 'over a day', week: 'over a week' });
});
