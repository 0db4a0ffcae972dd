import { publicOrigin, withForwardedOrigin } from './public-origin';

const headers = (values: Record<string, string>) => new Headers(values);

describe('publicOrigin', () => {
  it('is the Host the browser used, whatever host name the server was started with', () => {
    expect(publicOrigin(headers({ host: 'Preview-ABC.example.test:3601' }), 'http://127.0.0.1:3601/dashboard', false)).toEqual({
      protocol: 'http',
      host: 'preview-abc.example.test:3601',
    });
  });

  it('ignores forwarded headers unless the proxy is trusted', () => {
    const forged = headers({ host: 'app.example.com', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' });
    expect(publicOrigin(forged, 'http://app.example.com/', false)).toEqual({ protocol: 'http', host: 'app.example.com' });
    expect(publicOrigin(forged, 'http://app.example.com/', true)).toEqual({ protocol: 'https', host: 'evil.example' });
  });

  it("behind a trusted proxy takes the first (the client's) forwarded value", () => {
    const proxied = headers({ host: 'app:3000', 'x-forwarded-host': 'pr-12.preview.example, app:3000', 'x-forwarded-proto': 'https, http' });
    expect(publicOrigin(proxied, 'http://app:3000/', true)).toEqual({ protocol: 'https', host: 'pr-12.preview.example' });
  });

  it('falls back to the request URL for a malformed host or scheme', () => {
    const hostile = headers({ host: 'evil.example/path?x=', 'x-forwarded-host': 'a b', 'x-forwarded-proto': 'javascript' });
    expect(publicOrigin(hostile, 'https://localhost:3000/', true)).toEqual({ protocol: 'https', host: 'localhost:3000' });
  });
});

it('withForwardedOrigin states the public origin and replaces what the client sent', () => {
  const result = withForwardedOrigin(headers({ 'x-forwarded-host': 'evil.example', cookie: 'a=1' }), { protocol: 'http', host: 'preview.example.test' });
  expect([result.get('x-forwarded-host'), result.get('x-forwarded-proto'), result.get('cookie')]).toEqual(['preview.example.test', 'http', 'a=1']);
});
