import { db } from '@/lib/db';
import { call, CookieJar } from '@/test/support/http';

// Signed-in users for the payment integration tests, made through the real registration routes.
// The test imports those route handlers and passes them in: test support never reaches into app/.

type Handler = Parameters<typeof call>[0];

export interface AccountRoutes {
  /** POST /api/auth/register */
  register: Handler;
  /** POST /api/beta/verify */
  verifyBeta: Handler;
  /** POST /api/affiliate/links */
  createLink: Handler;
  /** GET /r/[code] */
  visitLink: Handler;
}

let counter = 0;

export function payers(routes: AccountRoutes) {
  /** A registered, signed-in user with no subscription and no beta flag: the one who pays. */
  async function payer(jar = new CookieJar()) {
    counter += 1;
    const email = `payer${Date.now()}${counter}@example.com`;
    const response = await call(routes.register, '/api/auth/register', { jar, body: { firstName: 'Ada', lastName: 'Lovelace', email, password: 'Vault-Ledger-2049' } });
    if (response.status !== 201) throw new Error(`register answered ${response.status}: ${response.text}`);
    return { jar, id: response.json.user.id as string, email };
  }

  /** A payer who came through an affiliate's link, and that affiliate. */
  async function referredPayer() {
    const affiliateJar = new CookieJar();
    await call(routes.verifyBeta, '/api/beta/verify', { jar: affiliateJar, body: { code: 'TREASURY2026' } });
    const affiliate = await payer(affiliateJar);
    const link = await call(routes.createLink, '/api/affiliate/links', { jar: affiliate.jar, body: { name: 'Newsletter' } });
    if (link.status !== 201) throw new Error(`link answered ${link.status}: ${link.text}`);
    const jar = new CookieJar();
    await call(routes.visitLink, `/r/${link.json.code}`, { jar, params: { code: link.json.code } });
    const referred = await payer(jar);
    return { affiliate, referred };
  }

  return { payer, referredPayer };
}

export const userRow = (id: string) => db.user.findUniqueOrThrow({ where: { id } });
