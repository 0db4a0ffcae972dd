import { percentile } from './bench';

describe('percentile', () => {
  it('is the nearest-rank value: the smallest value with at least p % of the values at or below it', () => {
    const values = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(percentile(values, 50)).toBe(5);
    expect(percentile(values, 99)).toBe(10);
    expect(percentile(values, 100)).toBe(10);
    expect(percentile(values, 0)).toBe(1);
    expect(percentile([42], 50)).toBe(42);
  });

  it('is NaN without values', () => {
    expect(percentile([], 50)).toBeNaN();
  });
});
