import { findPlan } from './plans';
import { decimalUsd, periodEnd, priceFor, resolvePlan } from './pricing';

describe('server pricing', () => {
  const professional = findPlan('professional')!;

  it('prices a month and a discounted year in cents', () => {
    expect(priceFor(professional, 'month')).toBe(19900);
    expect(priceFor(professional, 'year')).toBe(191040);
    expect(priceFor(findPlan('enterprise')!, 'year')).toBe(899100);
  });

  it('accepts the client amount within a cent and refuses anything else', () => {
    expect(priceFor(professional, 'year', 1910.4)).toBe(191040);
    expect(priceFor(professional, 'month', 199.001)).toBe(19900);
    expect(() => priceFor(professional, 'month', 19.9)).toThrow(/does not match/);
    expect(() => priceFor(professional, 'year', 199)).toThrow(/does not match/);
  });

  it('quotes the price with two decimals, as the providers take it and the refusal names it', () => {
    expect(decimalUsd(19900)).toBe('199.00');
    expect(decimalUsd(191040)).toBe('1910.40');
    expect(() => priceFor(professional, 'year', 1)).toThrow('Amount does not match the Professional plan price of $1910.40 per year');
  });

  it('reads plan ids and the billing page tier names alike', () => {
    expect(resolvePlan('Basic').id).toBe('starter');
    expect(resolvePlan('PROFESSIONAL').id).toBe('professional');
    expect(() => resolvePlan('platinum')).toThrow(/Unknown plan/);
  });

  it('ends a period one month or one year on, clamping to the month end', () => {
    expect(periodEnd(new Date('2026-01-31T10:00:00Z'), 'month').toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(periodEnd(new Date('2026-11-25T04:00:00Z'), 'month').toISOString()).toBe('2026-12-25T04:00:00.000Z');
    expect(periodEnd(new Date('2028-02-29T00:00:00Z'), 'year').toISOString()).toBe('2029-02-28T00:00:00.000Z');
    expect(periodEnd(new Date('2026-12-15T00:00:00Z'), 'month').toISOString()).toBe('2027-01-15T00:00:00.000Z');
  });
});
