import { enUsDay, enUsDollarsWithCents, enUsNumber, enUsTime } from './en-us';

/** A seeded generator (mulberry32), so a failure names a value that reproduces. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const edges = [
  0, -0, 1, -1, 0.5, -0.5, 0.05, 0.005, 0.0005, 1.005, 2.675, 1.0049999, 9.995, 99.995, 999.995, 999.9995, 0.9995, 12.5, 19.9999,
  1234.5678, -1234.5678, 1000, 999999.999, 1e6, 1234567.891, 123456789.125, 2 ** 53, 2 ** 53 + 2, 1e20, 1e21, 1.5e21, 123e25,
  1e-7, 1.5e-7, 5e-7, 4.9e-4, -5e-4, 0.1 + 0.2, 1 / 3, 2 / 3, -2 / 3, Number.MIN_VALUE, Number.MAX_VALUE, -0.0001, 4.35, 4.45,
  10.255, 1.45, 8.345, 0.125, 0.375, 62_500.5, 69_420.005, 21_000_000, 3_469.2,
];

describe('enUsNumber', () => {
  const check = (value: number, max: number, min: number) =>
    expect([value, max, min, enUsNumber(value, max, min)]).toEqual([value, max, min, value.toLocaleString('en-US', { minimumFractionDigits: min, maximumFractionDigits: max })]);

  it('writes what Intl writes for the edges of rounding, grouping, exponents and negative zero', () => {
    for (const value of edges) for (let max = 0; max <= 4; max++) for (let min = 0; min <= max; min++) check(value, max, min);
  });

  it('writes what Intl writes for random values of every size', () => {
    const next = random(2026);
    for (let i = 0; i < 6_000; i++) {
      const magnitude = 10 ** Math.floor(next() * 30 - 9);
      const value = (next() - 0.3) * magnitude;
      const max = Math.floor(next() * 4);
      check(value, max, Math.floor(next() * (max + 1)));
      // Values on a rounding boundary: k + 5 in the first dropped place.
      const halfway = Math.round(next() * 1e6) / 10 ** max + 5 / 10 ** (max + 1);
      check(halfway, max, 0);
      check(-halfway, max, 0);
    }
  });

  it("defaults to toLocaleString's own digits (up to three) and leaves NaN and infinities to Intl", () => {
    expect(enUsNumber(1234.56789)).toBe('1,234.568');
    expect(enUsNumber(21_000_000)).toBe('21,000,000');
    expect(enUsNumber(Number.NaN, 2)).toBe('NaN');
    expect(enUsNumber(Number.POSITIVE_INFINITY)).toBe('∞');
    expect(enUsNumber(Number.NEGATIVE_INFINITY)).toBe('-∞');
  });
});

describe('enUsDollarsWithCents', () => {
  const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

  it("writes what Intl's currency style writes", () => {
    for (const value of [...edges, ...edges.map((value) => -value), 49.5, 1200, 8991, 0.001, -0.001]) {
      expect([value, enUsDollarsWithCents(value)]).toEqual([value, intl.format(value)]);
    }
  });
});

describe('enUsDay', () => {
  const medium = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
  const parts = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

  it('writes what Intl writes for every day of four years and for random instants over ten thousand years', () => {
    const day = 86_400_000;
    for (let time = Date.UTC(2023, 0, 1); time < Date.UTC(2027, 0, 1); time += day) {
      const date = new Date(time + 23 * 3_600_000 + 59 * 60_000);
      expect(enUsDay(date)).toBe(medium.format(date));
      expect(enUsDay(date)).toBe(parts.format(date));
    }
    const next = random(7);
    const from = Date.UTC(-100, 0, 1);
    const to = Date.UTC(10_100, 0, 1);
    for (let i = 0; i < 5_000; i++) {
      const date = new Date(from + Math.floor(next() * (to - from)));
      expect([date.toISOString(), enUsDay(date)]).toEqual([date.toISOString(), medium.format(date)]);
    }
  });

  it('throws as Intl does for an invalid date', () => {
    expect(() => enUsDay(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('enUsTime', () => {
  it("writes what toLocaleTimeString('en-US') writes, in this process's time zone", () => {
    for (let minute = 0; minute < 24 * 60; minute += 7) {
      const date = new Date(2026, 10, 26, 0, minute, minute % 60);
      expect(enUsTime(date)).toBe(date.toLocaleTimeString('en-US'));
    }
    const next = random(11);
    for (let i = 0; i < 2_000; i++) {
      const date = new Date(Date.UTC(1990, 0, 1) + Math.floor(next() * 60 * 365 * 86_400_000));
      expect([date.toISOString(), enUsTime(date)]).toEqual([date.toISOString(), date.toLocaleTimeString('en-US')]);
    }
    expect(enUsTime(new Date(Number.NaN))).toBe('Invalid Date');
  });
});
