import { formatUsd } from './money';

describe('formatUsd', () => {
  it('drops .00 and keeps cents otherwise', () => {
    expect(formatUsd(29)).toBe('$29');
    expect(formatUsd(1910.4)).toBe('$1,910.40');
    expect(formatUsd(0.1 + 0.2)).toBe('$0.30');
  });

  it('shows the affiliate table’s plan prices and commissions (dollars from cents)', () => {
    expect(formatUsd(9900 / 100)).toBe('$99');
    expect(formatUsd(29900 / 100)).toBe('$299');
    expect(formatUsd(9950 / 100)).toBe('$99.50');
    expect(formatUsd(899100 / 100)).toBe('$8,991');
  });
});
