import { isLiveQuote } from './live';
import { liveWindowMs } from './quote';

describe('the navigation price badge', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  const at = (msAgo: number) => new Date(now.getTime() - msAgo).toISOString();

  it("calls a market-feed quote live within the feed's cadence (one missed run allowed), else dated", () => {
    const window = liveWindowMs('coingecko', 60_000);
    expect(window).toBe(120_000);
    expect(isLiveQuote({ updatedAt: at(120_000), liveWithinMs: window }, now)).toBe(true);
    expect(isLiveQuote({ updatedAt: at(120_001), liveWithinMs: window }, now)).toBe(false);
    expect(isLiveQuote({ updatedAt: 'not a date', liveWithinMs: window }, now)).toBe(false);
  });

  it('never calls a price from a recorded history live, however recent', () => {
    expect(liveWindowMs('bitbo-implied', 60_000)).toBeNull();
    expect(isLiveQuote({ updatedAt: at(0), liveWithinMs: null }, now)).toBe(false);
  });
});
