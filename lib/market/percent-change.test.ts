import { percentChange } from './percent-change';

describe('percentChange({ from, to })', () => {
  it('measures the move from the earlier value to the later one', () => {
    expect(percentChange({ from: 100, to: 102 })).toBeCloseTo(2);
    expect(percentChange({ from: 100, to: 98.8 })).toBeCloseTo(-1.2);
    expect(percentChange({ from: 50, to: 100 })).toBe(100);
    expect(percentChange({ from: 100, to: 50 })).toBe(-50);
  });

  it('is null when a value is missing or the reference is not positive', () => {
    expect(percentChange({ from: 100, to: null })).toBeNull();
    expect(percentChange({ from: undefined, to: 100 })).toBeNull();
    expect(percentChange({ from: 0, to: 100 })).toBeNull();
    expect(percentChange({ from: -5, to: 100 })).toBeNull();
  });
});
