import { pathOfNulCharacter } from './text';

describe('pathOfNulCharacter', () => {
  it('finds a NUL in a value, a nested string or a key', () => {
    expect(pathOfNulCharacter('a\u0000b')).toBe('_');
    expect(pathOfNulCharacter({ companyInfo: { name: 'x\u0000' } })).toBe('companyInfo.name');
    expect(pathOfNulCharacter({ list: ['ok', 'n\u0000'] })).toBe('list.1');
    expect(pathOfNulCharacter({ 'k\u0000': 1 })).toBe('k\u0000');
  });

  it('passes clean values, dates and very deep nesting', () => {
    expect(pathOfNulCharacter({ name: 'Ada', at: new Date(), n: 1, none: null })).toBeNull();
    let deep: unknown = 'end';
    for (let level = 0; level < 100_000; level += 1) deep = { a: deep };
    expect(pathOfNulCharacter(deep)).toBeNull();
  });
});
