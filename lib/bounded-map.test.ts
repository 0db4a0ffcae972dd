import { setBounded } from './bounded-map';

describe('setBounded', () => {
  it('drops the oldest entry when a new key would pass the bound', () => {
    const map = new Map<string, number>();
    for (const [index, key] of ['a', 'b', 'c', 'd'].entries()) setBounded(map, key, index, 3);
    expect([...map]).toEqual([
      ['b', 1],
      ['c', 2],
      ['d', 3],
    ]);
  });

  it('replaces a known key in place without dropping another', () => {
    const map = new Map([
      ['a', 1],
      ['b', 2],
    ]);
    setBounded(map, 'a', 10, 2);
    expect([...map]).toEqual([
      ['a', 10],
      ['b', 2],
    ]);
  });
});
