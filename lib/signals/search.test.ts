import { rarestTrigrams, searchPlan, searchTrigrams, trigramsOf } from './repository';

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
  // Occurrences among 5,000 sampled signals: every one of them names a "Synthetic Co".
  const sampled = 5_000;
  const counts = new Map([
    ['syn', 5000], ['ynt', 5000], ['nth', 5000], ['the', 5000], ['het', 5000], ['eti', 5000], ['tic', 5000],
    ['000', 40], ['001', 12],
  ]);

  it("takes one word's three least common trigrams of letters and digits, unseen ones first", () => {
    expect(rarestTrigrams('Quillmoor', counts, sampled)).toEqual(['qui', 'uil', 'ill']);
    expect(rarestTrigrams('0001', counts, sampled)).toEqual(['001', '000']);
  });

  it("of several words, takes each word's rarest trigram: a word's own trigrams come together", () => {
    const words = new Map([
      ['aur', 300], ['uro', 310], ['ror', 320], ['ora', 330],
      ['dig', 500], ['igi', 510], ['git', 520], ['ita', 530], ['tal', 540],
      ['ind', 400], ['ndu', 410], ['dus', 90], ['ust', 95], ['str', 420], ['tri', 100], ['rie', 430], ['ies', 2000],
    ]);
    expect(rarestTrigrams('Aurora Digital Industries', words, sampled)).toEqual(['dus', 'aur', 'dig']);
    expect(rarestTrigrams('Synthetic Co 0001', new Map([...counts, ['syn', 60]]), sampled)).toEqual(['001', 'syn', '000']);
  });

  it('leaves out a trigram in (nearly) every signal: it narrows nothing and reads the longest list', () => {
    expect(rarestTrigrams('Synthetic', counts, sampled)).toEqual(['syn']);
    expect(rarestTrigrams('Synthetic Co 0001', counts, sampled)).toEqual(['001', '000']);
    expect(rarestTrigrams('Synthetic Quill', counts, sampled)).toEqual(['qui', 'uil', 'ill']);
  });

  it('keeps a common trigram when the rarest one finds many rows to read: a cheap list spares them', () => {
    // "100" stands in 24 of 5,000 signals (4,800 of a million), "001" in one of twelve: both together in far fewer.
    const digits = new Map([...counts, ['100', 24], ['001', 400]]);
    expect(rarestTrigrams('Synthetic Co 1001', digits, sampled)).toEqual(['100', '001']);
    // Where the first finds few rows, a trigram in two signals of five costs more to read than it spares.
    expect(rarestTrigrams('Synthetic Co 1001', new Map([...digits, ['100', 0], ['001', 2000]]), sampled)).toEqual(['100']);
  });

  it('leaves out trigrams with other characters, and falls back when none is left', () => {
    expect(rarestTrigrams('8-K form', counts, sampled)).toEqual(['for', 'orm']);
    expect(rarestTrigrams('8- k', counts, sampled)).toEqual(searchTrigrams('8- k'));
  });
});

describe('searchPlan', () => {
  const million = 1_000_000;
  it('reads a term no sampled signal holds at once, whatever the table', () => {
    expect(searchPlan(0, million, 20)).toBe('candidates');
    expect(searchPlan(150, million, 20)).toBe('candidates');
    expect(searchPlan(150, 5_000, 20)).toBe('candidates');
  });
  it('reads the newest windows first for a company named in a few hundred or thousand of a million signals', () => {
    // One sampled signal in 5,000 stands for 200 of a million.
    expect(searchPlan(200, million, 20)).toBe('windows');
    expect(searchPlan(2_725, million, 20)).toBe('windows');
    expect(searchPlan(10_000, million, 20)).toBe('windows');
  });
  it('walks the date index when a page lies within its first 2,000 rows', () => {
    expect(searchPlan(10_500, million, 20)).toBe('walk');
    expect(searchPlan(200_000, million, 20)).toBe('walk');
    // A small table: the walk is short whatever the term.
    expect(searchPlan(600, 5_000, 20)).toBe('walk');
  });
  it('walks from the same density for a longer page, which has a longer time for it', () => {
    expect(searchPlan(10_500, million, 100)).toBe('walk');
    expect(searchPlan(30_000, million, 200)).toBe('walk');
    expect(searchPlan(10_000, million, 100)).toBe('windows');
  });
});
