import { entrySeverity, entrySignal, moveConfidence, moveSeverity, moveSignal } from './seed-signals';

describe('moveSeverity', () => {
  it('grades by share of the holding and by size in bitcoin', () => {
    expect(moveSeverity(100, 111)).toBe('critical'); // +11 %
    expect(moveSeverity(818_869, 843_738)).toBe('critical'); // +24,869 BTC, 3 %
    expect(moveSeverity(38_689, 35_303)).toBe('high'); // -3,386 BTC, 8.75 %
    expect(moveSeverity(19_105, 19_864)).toBe('high'); // +3.97 %
    expect(moveSeverity(843_738, 843_706)).toBe('low'); // -32 BTC of 843k
    expect(moveSeverity(13_453, 13_470)).toBe('low'); // +0.13 %
    expect(moveSeverity(1_000, 1_006)).toBe('medium'); // +0.6 %
    expect(moveSeverity(0, 5)).toBe('critical');
  });

  it('is less confident of moves small enough to be rounding', () => {
    expect(moveConfidence(100, 102)).toBe(90);
    expect(moveConfidence(15_680, 15_679)).toBe(72);
    expect(moveConfidence(13_453, 13_470)).toBe(80);
  });
});

describe('moveSignal', () => {
  it('describes the move with the company name first and keeps its figures', () => {
    const signal = moveSignal({
      companyId: 'c1',
      companyName: 'Strive, Inc.',
      ticker: 'ASST',
      oldQuantity: 19_105,
      newQuantity: 19_864,
      date: new Date('2026-06-29T00:00:00Z'),
      note: null,
    });
    expect(signal.description).toBe('Strive, Inc. added 759 BTC (+3.97%), now holding 19,864 BTC');
    expect(signal.sourceId).toBe('holdings:c1:2026-06-29:19105:19864');
    expect(signal).toMatchObject({ severity: 'high', confidence: 90, signalType: 'other' });
    expect(JSON.parse(signal.details)).toMatchObject({ change: 759, asOf: '2026-06-29' });
  });

  it('words a sale as a reduction', () => {
    const signal = moveSignal({ companyId: 'c2', companyName: 'Marathon', ticker: 'MARA', oldQuantity: 38_689, newQuantity: 35_303, date: new Date('2026-07-07Z'), note: null });
    expect(signal.description).toBe('Marathon reduced holdings by 3,386 BTC (-8.75%), now holding 35,303 BTC');
  });
});

describe('entrySignal', () => {
  it('grades a first appearance by the size of the holding', () => {
    expect(entrySeverity(11_542)).toBe('critical');
    expect(entrySeverity(164.5)).toBe('high');
    expect(entrySeverity(11.1)).toBe('medium');
    expect(entrySeverity(2)).toBe('low');
    const signal = entrySignal({ companyId: 'c3', companyName: 'OranjeBTC', ticker: 'OBTC3', quantity: 3_723, date: new Date('2026-03-01Z') });
    expect(signal.description).toBe('OranjeBTC entered the public-company treasury table holding 3,723 BTC');
    expect(signal.sourceId).toBe('holdings-entry:c3');
  });
});
