import {
  formatBtc,
  formatChange,
  formatDay,
  formatInputValue,
  formatMoney,
  formatMultiple,
  formatPercent,
  formatRate,
  formatRelativeTime,
  formatSignedPercent,
  formatUsd,
  formatUsdWithCents,
  riskLevel,
  sectorColor,
} from './format';

describe('formatMoney', () => {
  it('uses B above a billion and M above a million', () => {
    expect(formatMoney(146_200_000_000)).toBe('$146.2B');
    expect(formatMoney(1_500_000)).toBe('$1.5M');
    expect(formatMoney(1_000_000)).toBe('$1,000,000');
    expect(formatMoney(2_000_000_000)).toBe('$2.0B');
    expect(formatMoney(-3_400_000)).toBe('-$3.4M');
    expect(formatMoney(null)).toBe('—');
  });
});

describe('formatRelativeTime', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  it('says Just now under a minute, then m, h and d', () => {
    expect(formatRelativeTime('2026-11-25T11:59:30Z', now)).toBe('Just now');
    expect(formatRelativeTime('2026-11-25T11:55:00Z', now)).toBe('5m ago');
    expect(formatRelativeTime('2026-11-25T09:00:00Z', now)).toBe('3h ago');
    expect(formatRelativeTime(new Date('2026-11-23T12:00:00Z'), now)).toBe('2d ago');
  });
});

describe('riskLevel', () => {
  it('is high from 8.5, medium from 7', () => {
    expect(riskLevel(8.5)).toBe('high');
    expect(riskLevel(8.49)).toBe('medium');
    expect(riskLevel(7)).toBe('medium');
    expect(riskLevel(6.99)).toBe('low');
  });
});

describe('other formats', () => {
  it('formats bitcoin, percentages and unknown sectors', () => {
    expect(formatBtc(843775)).toBe('843,775 BTC');
    expect(formatPercent(12.345)).toBe('12.3%');
    expect(sectorColor('Unknown')).toBe(sectorColor('Other'));
  });
});

describe('USD amounts', () => {
  it('formatUsd shows cents only when there are some', () => {
    expect(formatUsd(99)).toBe('$99');
    expect(formatUsd(8991)).toBe('$8,991');
    expect(formatUsd(529.2)).toBe('$529.20');
  });
  it('formatUsdWithCents always shows cents', () => {
    expect(formatUsdWithCents(49.5)).toBe('$49.50');
    expect(formatUsdWithCents(1200)).toBe('$1,200.00');
  });
});

describe('rates, multiples, days and metric inputs', () => {
  it('formatRate keeps at most one decimal, without a trailing zero', () => {
    expect(formatRate(20)).toBe('20%');
    expect(formatRate(12.345)).toBe('12.3%');
  });
  it('formatMultiple has two decimals', () => {
    expect(formatMultiple(1.2)).toBe('1.20×');
  });
  it('formatDay reads a day or a timestamp in UTC', () => {
    expect(formatDay('2026-07-10')).toBe('Jul 10, 2026');
    expect(formatDay('2026-07-10T23:30:00Z')).toBe('Jul 10, 2026');
    expect(formatDay(null)).toBe('—');
  });
  it('formatInputValue formats by the input name', () => {
    expect(formatInputValue('share price (USD)', 1234.567)).toBe('$1,234.57');
    expect(formatInputValue('stated market cap', 5_200_000_000)).toBe('$5.2B');
    expect(formatInputValue('BTC held', 1234.5)).toBe('1,234.5 BTC');
    expect(formatInputValue('basic shares', 12_500_000)).toBe('12.5M');
  });
});

describe('signed percents', () => {
  it('formatChange signs a move with one decimal', () => {
    expect(formatChange(2.44)).toBe('+2.4%');
    expect(formatChange(-1.2)).toBe('-1.2%');
    expect(formatChange(null)).toBe('—');
    expect(formatChange(Number.NaN)).toBe('—');
    // A move that rounds to nothing reads unsigned, never "-0.0%".
    expect(formatChange(-0.04)).toBe('0.0%');
    expect(formatChange(-1.25)).toBe('-1.2%');
  });
  it('formatSignedPercent signs with fixed decimals, n/a when unknown', () => {
    expect(formatSignedPercent(3.456)).toBe('+3.5%');
    expect(formatSignedPercent(-2)).toBe('-2.0%');
    expect(formatSignedPercent(null)).toBe('n/a');
  });
});
