import { NextRequest } from 'next/server';
import { middleware } from './middleware';

// What middleware hands on to the render and the browser. NextResponse.next({ request }) carries the
// request headers a page renders with as x-middleware-request-* on its response.

const page = (path: string, headers: Record<string, string> = {}) => middleware(new NextRequest(`http://localhost${path}`, { headers }));

afterEach(() => {
  delete process.env.TRUST_PROXY;
});

describe('pages', () => {
  it('are sent with a policy whose nonce is the one the page renders with, fresh each time', async () => {
    const [first, second] = await Promise.all([page('/dashboard', { host: 'localhost' }), page('/dashboard', { host: 'localhost' })]);
    const nonce = first.headers.get('x-middleware-request-x-nonce');
    expect(nonce).toBeTruthy();
    expect(first.headers.get('content-security-policy')).toContain(`'nonce-${nonce}'`);
    expect(first.headers.get('x-middleware-request-content-security-policy')).toBe(first.headers.get('content-security-policy'));
    expect(second.headers.get('x-middleware-request-x-nonce')).not.toBe(nonce);
    expect(first.headers.get('permissions-policy')).toContain('payment=()');
  });

  it('name the payment scope on the pages that load an SDK', async () => {
    expect((await page('/checkout')).headers.get('x-middleware-request-x-csp-scope')).toBe('payments');
    expect((await page('/settings')).headers.get('x-middleware-request-x-csp-scope')).toBe('site');
  });

  it('let the realtime client connect back to the host the browser used', async () => {
    const response = await page('/', { host: 'preview-abc.example.test:3000' });
    expect(response.headers.get('content-security-policy')).toContain('ws://preview-abc.example.test:3000 wss://preview-abc.example.test:3000');
  });
});

describe('the cross-origin check', () => {
  const post = (headers: Record<string, string>) => middleware(new NextRequest('http://localhost/api/beta/verify', { method: 'POST', headers }));
  const passes = (response: Response) => response.headers.get('x-middleware-next') === '1';

  it('accepts the origin of whatever host the request was sent to, and refuses any other', async () => {
    expect(passes(await post({ host: 'preview-abc.example.test', origin: 'http://preview-abc.example.test' }))).toBe(true);
    const refused = await post({ host: 'preview-abc.example.test', origin: 'http://preview-xyz.example.test' });
    expect(refused.status).toBe(403);
  });

  it('believes X-Forwarded-Host only behind a trusted proxy', async () => {
    const headers = { host: 'app:3000', 'x-forwarded-host': 'pr-7.preview.example', origin: 'https://pr-7.preview.example' };
    expect((await post(headers)).status).toBe(403);
    process.env.TRUST_PROXY = 'true';
    expect(passes(await post(headers))).toBe(true);
  });

  it('restates the public origin for the handlers (next-auth), replacing forwarded values the client made up', async () => {
    const response = await middleware(new NextRequest('http://localhost/api/auth/session', { headers: { host: 'preview-abc.example.test:3000', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' } }));
    expect(response.headers.get('x-middleware-request-x-forwarded-host')).toBe('preview-abc.example.test:3000');
    expect(response.headers.get('x-middleware-request-x-forwarded-proto')).toBe('http');
  });
});
