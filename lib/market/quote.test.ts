import { formatQuoteChange, formatQuotePrice, isLiveQuote, liveQuoteMaxAgeMs } from './quote';

describe('the navigation price badge formats', () => {
  it('shows whole dollars with separators', () => {
    expect(formatQuotePrice(67_234.4)).toBe('$67,234');
    expect(formatQuotePrice(67_234.5)).toBe('$67,235');
    expect(formatQuotePrice(999)).toBe('$999');
  });

  it('shows the change signed with one decimal, and a dash when unknown', () => {
    expect(formatQuoteChange(2.4)).toBe('+2.4%');
    expect(formatQuoteChange(-1.25)).toBe('-1.2%');
    expect(formatQuoteChange(-0.04)).toBe('0.0%');
    expect(formatQuoteChange(0)).toBe('0.0%');
    expect(formatQuoteChange(null)).toBe('—');
    expect(formatQuoteChange(Number.NaN)).toBe('—');
  });

  it('calls a quote live for an hour after it was stored', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    expect(isLiveQuote(new Date(now.getTime() - liveQuoteMaxAgeMs).toISOString(), now)).toBe(true);
    expect(isLiveQuote(new Date(now.getTime() - liveQuoteMaxAgeMs - 1).toISOString(), now)).toBe(false);
    expect(isLiveQuote('not a date', now)).toBe(false);
  });
});
