import { rarestTrigrams, searchTrigrams, trigramsOf } from './repository';

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

describe('rarestTrigrams', () => {
  const counts = new Map([
    ['syn', 5000], ['ynt', 5000], ['nth', 5000], ['the', 5200], ['het', 5000], ['eti', 5000], ['tic', 5100],
    ['000', 40], ['001', 12],
  ]);

  it("takes the term's three least common trigrams of letters and digits, unseen ones first", () => {
    expect(rarestTrigrams('Synthetic Co 0001', counts)).toEqual(['001', '000', 'syn']);
    expect(rarestTrigrams('Synthetic Quill', counts)).toEqual(['qui', 'uil', 'ill']);
  });

  it('leaves out trigrams with other characters, and falls back when none is left', () => {
    expect(rarestTrigrams('8-K form', counts)).toEqual(['for', 'orm']);
    expect(rarestTrigrams('8- k', counts)).toEqual(searchTrigrams('8- k'));
  });
});
