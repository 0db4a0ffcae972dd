import { assertSameOrigin, route } from './route';

// The handlers' own CSRF check (middleware makes the same one): any host name is its own origin.

const post = (headers: Record<string, string>) => new Request('http://127.0.0.1:3000/api/contact', { method: 'POST', headers });

afterEach(() => {
  delete process.env.TRUST_PROXY;
});

it('accepts a mutation from the host it was sent to, whatever that host is called', () => {
  expect(() => assertSameOrigin(post({ host: 'Preview-ABC.example.test:3000', origin: 'http://preview-abc.example.test:3000' }))).not.toThrow();
  expect(() => assertSameOrigin(post({ host: 'preview-abc.example.test:3000', origin: 'http://preview-xyz.example.test:3000' }))).toThrow('Cross-origin requests are not allowed');
});

it('judges by X-Forwarded-Host only behind a trusted proxy', () => {
  const proxied = post({ host: 'app:3000', 'x-forwarded-host': 'pr-7.preview.example', origin: 'https://pr-7.preview.example' });
  expect(() => assertSameOrigin(proxied)).toThrow('Cross-origin requests are not allowed');
  process.env.TRUST_PROXY = 'true';
  expect(() => assertSameOrigin(proxied)).not.toThrow();
});

it('answers 503 with Retry-After, in subscriber words, while the database is out of reach', async () => {
  const lost = Object.assign(new Error('Invalid `db.company.count()` invocation:\n\nServer has closed the connection.'), {
    code: 'P1017',
    meta: { driverAdapterError: { name: 'DriverAdapterError', cause: { kind: 'ConnectionClosed' } } },
  });
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  const response = await route(async () => {
    throw lost;
  })(new Request('http://127.0.0.1:3000/api/signals'), {});
  expect(response.status).toBe(503);
  expect(response.headers.get('retry-after')).toBe('5');
  const body = await response.json();
  expect(body).toEqual({ message: 'The service is briefly unavailable. Please try again in a few seconds.', code: 'unavailable' });
  expect(warn).toHaveBeenCalledWith('[api] database unavailable: Server has closed the connection.');
  warn.mockRestore();
});
