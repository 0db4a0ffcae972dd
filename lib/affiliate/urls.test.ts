import { affiliateLinkUrl, requestOrigin } from './urls';

const request = (headers: Record<string, string>, url = 'http://localhost:3000/api/affiliate/links') => new Request(url, { headers });

describe('requestOrigin', () => {
  it('uses the Host the browser sent, not the host the server was started with', () => {
    expect(requestOrigin(request({ host: '127.0.0.1:3400' }))).toBe('http://127.0.0.1:3400');
  });

  it('follows the proxy’s forwarded host and scheme', () => {
    const origin = requestOrigin(request({ host: 'app:3000', 'x-forwarded-host': 'treasury.example.com', 'x-forwarded-proto': 'https, http' }));
    expect(origin).toBe('https://treasury.example.com');
    expect(affiliateLinkUrl(origin, 'abc234defg')).toBe('https://treasury.example.com/r/abc234defg');
  });

  it('falls back to the request URL for a missing or malformed host or scheme', () => {
    expect(requestOrigin(request({}))).toBe('http://localhost:3000');
    expect(requestOrigin(request({ host: 'evil.example/path?x=', 'x-forwarded-proto': 'javascript' }))).toBe('http://localhost:3000');
    expect(requestOrigin(request({ host: '[::1]:3400' }))).toBe('http://[::1]:3400');
  });
});
