import { decodeKeyset, encodeKeyset } from './cursor';
import { etagOf, matchesEtag } from './respond';

describe('keyset cursors', () => {
  it('round-trip and refuse forgeries', () => {
    expect(decodeKeyset(encodeKeyset('843775', 'cmabc'))).toEqual({ key: '843775', id: 'cmabc' });
    expect(decodeKeyset(encodeKeyset('1|2', 'x'))).toEqual({ key: '1|2', id: 'x' });
    for (const forged of ['', 'not base64!', encodeKeyset('1', ''), encodeKeyset('1', 'a\u0000b'), encodeKeyset('1', 'x'.repeat(65)), Buffer.from('no-separator').toString('base64url')]) {
      expect(decodeKeyset(forged)).toBeNull();
    }
  });
});

describe('ETags', () => {
  it('match strong, weak, listed and * forms', () => {
    const etag = etagOf('{"a":1}');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(etagOf('{"a":2}')).not.toBe(etag);
    expect(matchesEtag(etag, etag)).toBe(true);
    expect(matchesEtag(`W/${etag}`, etag)).toBe(true);
    expect(matchesEtag(`"other", ${etag}`, etag)).toBe(true);
    expect(matchesEtag('*', etag)).toBe(true);
    expect(matchesEtag('"other"', etag)).toBe(false);
    expect(matchesEtag(null, etag)).toBe(false);
  });
});
