import { nextAuthRequestProblem, safeRedirect } from './next-auth';

const base = 'http://localhost:3000';

describe('safeRedirect', () => {
  it('keeps paths and same-site URLs, and sends anything else to the site root', () => {
    expect(safeRedirect('/dashboard', base)).toBe(`${base}/dashboard`);
    expect(safeRedirect(`${base}/signals`, base)).toBe(`${base}/signals`);
    expect(safeRedirect('https://evil.example/', base)).toBe(base);
    expect(safeRedirect('garbage', base)).toBe(base);
    expect(safeRedirect('/x\u0000', base)).toBe(base);
    expect(safeRedirect('/x\r\nSet-Cookie: a=1', base)).toBe(base);
    expect(safeRedirect({ a: 1 }, base)).toBe(base);
  });
});

describe('nextAuthRequestProblem', () => {
  const problem = (path: string, cookie?: string) => nextAuthRequestProblem(new Request(`${base}${path}`, { headers: cookie ? { cookie } : {} }));

  it('passes ordinary requests', () => {
    expect(problem('/api/auth/session')).toBeNull();
    expect(problem('/api/auth/signin?callbackUrl=%2Fdashboard', 'next-auth.callback-url=http%3A%2F%2Flocalhost%3A3000')).toBeNull();
  });

  it('refuses control characters in the query and a callbackUrl that is not an http(s) URL', () => {
    expect(problem('/api/auth/error?error=%00')?.message).toBe('The query string must not contain control characters.');
    expect(problem('/api/auth/csrf?callbackUrl=garbage')?.status).toBe(400);
    expect(problem('/api/auth/csrf?callbackUrl=javascript:alert(1)')?.status).toBe(400);
  });

  it('refuses a forged callback-url cookie and clears it', () => {
    const refused = problem('/api/auth/session', 'next-auth.callback-url=garbage');
    expect(refused?.status).toBe(400);
    expect(refused?.headers?.['Set-Cookie']).toMatch(/^next-auth\.callback-url=; Path=\/; Max-Age=0/);
  });
});
