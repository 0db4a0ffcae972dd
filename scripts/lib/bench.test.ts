import { percentile, tallyDeliveries } from './bench';

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

describe('tallyDeliveries', () => {
  it('counts each client against every published id: missing ones lost, repeated ones duplicated, foreign ones apart', () => {
    const tally = tallyDeliveries(['1-0', '1-1', '2-0'], [
      ['1-0', '1-1', '2-0'],
      ['1-0', '2-0', '1-0', '9-9'],
      [],
    ]);
    expect(tally).toEqual({ expected: 9, delivered: 5, lost: 4, duplicated: 1, unexpected: 1, clientsWithLoss: 2, clientsWithDuplicates: 1 });
  });

  it('counts a published id once however often the publisher lists it', () => {
    expect(tallyDeliveries(['1-0', '1-0'], [['1-0']])).toMatchObject({ expected: 1, delivered: 1, lost: 0, duplicated: 0 });
  });
});
