import { POST as createLink } from '@/app/api/affiliate/links/route';
import { POST as register } from '@/app/api/auth/register/route';
import { POST as verifyBeta } from '@/app/api/beta/verify/route';
import { GET as visitLink } from '@/app/r/[code]/route';
import { db } from '@/lib/db';
import { call, CookieJar } from '@/test/support/http';

// Signed-in users for the payment integration tests, made through the real registration routes.

let counter = 0;

/** A registered, signed-in user with no subscription and no beta flag: the one who pays. */
export async function payer(jar = new CookieJar()) {
  counter += 1;
  const email = `payer${Date.now()}${counter}@example.com`;
  const response = await call(register, '/api/auth/register', { jar, body: { firstName: 'Ada', lastName: 'Lovelace', email, password: 'Vault-Ledger-2049' } });
  if (response.status !== 201) throw new Error(`register answered ${response.status}: ${response.text}`);
  return { jar, id: response.json.user.id as string, email };
}

/** A payer who came through an affiliate's link, and that affiliate. */
export async function referredPayer() {
  const affiliateJar = new CookieJar();
  await call(verifyBeta, '/api/beta/verify', { jar: affiliateJar, body: { code: 'TREASURY2026' } });
  const affiliate = await payer(affiliateJar);
  const link = await call(createLink, '/api/affiliate/links', { jar: affiliate.jar, body: { name: 'Newsletter' } });
  if (link.status !== 201) throw new Error(`link answered ${link.status}: ${link.text}`);
  const jar = new CookieJar();
  await call(visitLink, `/r/${link.json.code}`, { jar, params: { code: link.json.code } });
  const referred = await payer(jar);
  return { affiliate, referred };
}

export const userRow = (id: string) => db.user.findUniqueOrThrow({ where: { id } });
