import { searchTrigrams, trigramsOf } from './repository';

describe('trigramsOf', () => {
  it('lists each three-character window once, spaces included', () => {
    expect(trigramsOf('aurora di')).toEqual(['aur', 'uro', 'ror', 'ora', 'ra ', 'a d', ' di']);
    expect(trigramsOf('ab')).toEqual([]);
    expect(trigramsOf('aaaa')).toEqual(['aaa']);
  });
});

describe('searchTrigrams', () => {
  it("takes the first trigram of each of the longest four words", () => {
    expect(searchTrigrams('Aurora Digital Industries')).toEqual(['ind', 'dig', 'aur']);
    expect(searchTrigrams('a bb ccc dddd eeeee ffffff gggggggg')).toEqual(['ggg', 'fff', 'eee', 'ddd']);
  });

  it('looks a single word up by its first, middle and last trigram', () => {
    expect(searchTrigrams('Bitcoin')).toEqual(['bit', 'tco', 'oin']);
    expect(searchTrigrams('BTC')).toEqual(['btc']);
  });

  it('uses the whole term when no word is three characters long', () => {
    expect(searchTrigrams('8- k')).toEqual(['8- ', '- k']);
  });
});
