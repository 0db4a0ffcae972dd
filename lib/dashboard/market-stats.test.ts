import { formatMoney } from '../format';
import { formatChange, marketValueText, percentChange } from './market-stats';

it('computes a percent change only with both prices', () => {
  expect(percentChange(102, 100)).toBeCloseTo(2);
  expect(percentChange(98.8, 100)).toBeCloseTo(-1.2);
  expect(percentChange(null, 100)).toBeNull();
  expect(percentChange(100, 0)).toBeNull();
});

it('signs changes with one decimal', () => {
  expect(formatChange(2.44)).toBe('+2.4%');
  expect(formatChange(-1.2)).toBe('-1.2%');
  expect(formatChange(null)).toBe('—');
  expect(formatChange(Number.NaN)).toBe('—');
  // A move that rounds to nothing reads unsigned, never "-0.0%".
  expect(formatChange(-0.04)).toBe('0.0%');
  expect(formatChange(-1.25)).toBe('-1.2%');
});

it('falls back to $146.2B only when the stat is unavailable', () => {
  expect(marketValueText(150_300_000_000, formatMoney)).toBe('$150.3B');
  expect(marketValueText(0, formatMoney)).toBe('$146.2B');
  expect(marketValueText(undefined, formatMoney)).toBe('$146.2B');
});
