import { rankPanelSignals, signalStrength } from './signal-strength';

const signal = (id: string, severity: string, detectedAt = '2026-11-20T00:00:00.000Z') => ({ id, severity, detectedAt });

describe('signalStrength', () => {
  it('is 0 without signals', () => {
    expect(signalStrength([])).toBe(0);
  });

  it('adds the urgent share to five points per signal', () => {
    // 1 of 4 urgent: 25 + 20
    expect(signalStrength([signal('a', 'high'), signal('b', 'low'), signal('c', 'medium'), signal('d', 'low')])).toBe(45);
    // 2 of 2 urgent: 100 + 10, capped
    expect(signalStrength([signal('a', 'critical'), signal('b', 'high')])).toBe(100);
    // 0 of 3 urgent: 15
    expect(signalStrength([signal('a', 'low'), signal('b', 'low'), signal('c', 'medium')])).toBe(15);
  });

  it('never exceeds 100', () => {
    expect(signalStrength(Array.from({ length: 30 }, (_, index) => signal(String(index), 'low')))).toBe(100);
  });
});

describe('rankPanelSignals', () => {
  it('puts critical, then high first, newest first within a severity, at most 5, without duplicates', () => {
    const ranked = rankPanelSignals([
      signal('low', 'low', '2026-11-24T00:00:00.000Z'),
      signal('high-old', 'high', '2026-11-01T00:00:00.000Z'),
      signal('crit', 'critical', '2026-11-02T00:00:00.000Z'),
      signal('high-new', 'high', '2026-11-23T00:00:00.000Z'),
      signal('crit', 'critical', '2026-11-02T00:00:00.000Z'),
      signal('medium', 'medium'),
      signal('low-2', 'low'),
    ]);
    expect(ranked.map((item) => item.id)).toEqual(['crit', 'high-new', 'high-old', 'medium', 'low']);
  });
});
