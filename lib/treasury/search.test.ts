import { pickSearchTrigrams, trigramsOf } from './queries';

describe('trigramsOf', () => {
  it('lists each three-character window once, spaces included', () => {
    expect(trigramsOf('aurora di')).toEqual(['aur', 'uro', 'ror', 'ora', 'ra ', 'a d', ' di']);
    expect(trigramsOf('ab')).toEqual([]);
    expect(trigramsOf('aaaa')).toEqual(['aaa']);
  });
});

describe('pickSearchTrigrams', () => {
  const counts = (entries: Record<string, number>) => new Map(Object.entries(entries));

  it("takes each word's rarest trigram, rarest first", () => {
    const picked = pickSearchTrigrams('aurora digital', counts({ aur: 30, uro: 30, ror: 31, ora: 30, 'ra ': 30, 'a d': 90, ' di': 500, dig: 140, igi: 20, git: 25, ita: 300, tal: 400 }));
    // igi (digital) and aur (aurora), topped up with the next rarest, git.
    expect(picked).toEqual(['igi', 'git', 'aur']);
  });

  it('looks a single word up by its three rarest trigrams', () => {
    expect(pickSearchTrigrams('aurorax', counts({ aur: 30, uro: 30, ror: 31, ora: 30, rax: 2 }))).toEqual(['rax', 'aur', 'uro']);
  });

  it('uses the whole term when no word is three characters long', () => {
    expect(pickSearchTrigrams('8-k a', counts({ '8-k': 10, '-k ': 5, 'k a': 7 }))).toEqual(['-k ', 'k a', '8-k']);
  });
});
