import { isLiveQuote, liveQuoteMaxAgeMs } from './quote';

describe('the navigation price badge', () => {
  it('calls a quote live for an hour after it was stored', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    expect(isLiveQuote(new Date(now.getTime() - liveQuoteMaxAgeMs).toISOString(), now)).toBe(true);
    expect(isLiveQuote(new Date(now.getTime() - liveQuoteMaxAgeMs - 1).toISOString(), now)).toBe(false);
    expect(isLiveQuote('not a date', now)).toBe(false);
  });
});
