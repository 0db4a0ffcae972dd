import { attributeRegistration } from '@/lib/affiliate/attribution';
import { recordReferralPayment } from '@/lib/affiliate/commissions';
import { db } from '@/lib/db';
import { resetDatabase } from '@/test/support/database';
import { call, CookieJar } from '@/test/support/http';
import { authRequiredMessage, subscriptionRequiredMessage } from '@/lib/auth/viewer';
import { GET as visitLink } from '../../r/[code]/route';
import { GET as openTrial } from '../../trial/[token]/route';
import { POST as register } from '../auth/register/route';
import { GET as currentUser } from '../auth/user/route';
import { POST as verifyBeta } from '../beta/verify/route';
import { POST as createTrial } from './influencer-trial/route';
import { PATCH as patchLink } from './links/[id]/route';
import { GET as listLinks, POST as createLink } from './links/route';
import { GET as stats } from './stats/route';

const password = 'Vault-Ledger-2049';
let counter = 0;
const dayMs = 24 * 60 * 60 * 1000;

// Affiliate program and influencer trials (spec 000 §2, §6-§9; spec 001 §2, §7-§9): who may call
// the API, what a link visit and a registration record, what a trial link grants, and commissions.

async function signUp(jar: CookieJar) {
  counter += 1;
  const email = `affiliate${Date.now()}${counter}@example.com`;
  const response = await call(register, '/api/auth/register', { jar, body: { firstName: 'Ada', lastName: 'Lovelace', email, password } });
  expect(response.status).toBe(201);
  return { jar, id: response.json.user.id as string };
}

/** Passes the beta gate, then registers: the account holds the beta flag, so /affiliate is open to it. */
async function registered(jar = new CookieJar()) {
  expect((await call(verifyBeta, '/api/beta/verify', { jar, body: { code: 'TREASURY2026' } })).status).toBe(200);
  return signUp(jar);
}

/** Signed in, but neither subscribed nor holding the beta flag. */
const unentitled = (jar = new CookieJar()) => signUp(jar);

const sameOrigin = { origin: 'http://localhost', host: 'localhost' };
const foreignOrigin = { origin: 'https://evil.example', host: 'localhost' };

async function newLink(jar: CookieJar, name = 'Newsletter') {
  const response = await call(createLink, '/api/affiliate/links', { jar, body: { name } });
  expect(response.status).toBe(201);
  return response.json as { id: string; code: string; url: string };
}

const visit = (code: string, jar = new CookieJar()) => call(visitLink, `/r/${code}`, { jar, params: { code } });
const tokenOf = (trialLink: string) => trialLink.split('/trial/')[1]!;
const open = (token: string, jar: CookieJar) => call(openTrial, `/trial/${token}`, { jar, params: { token } });

async function newTrialToken(jar: CookieJar) {
  const response = await call(createTrial, '/api/affiliate/influencer-trial', { jar, method: 'POST' });
  expect(response.status).toBe(201);
  return tokenOf(response.json.trialLink);
}

beforeAll(resetDatabase);

describe('signed out', () => {
  it.each([
    ['GET /api/affiliate/stats', () => call(stats, '/api/affiliate/stats')],
    ['GET /api/affiliate/links', () => call(listLinks, '/api/affiliate/links')],
    ['POST /api/affiliate/links', () => call(createLink, '/api/affiliate/links', { body: { name: 'x' } })],
    ['PATCH /api/affiliate/links/{id}', () => call(patchLink, '/api/affiliate/links/x', { method: 'PATCH', body: { isActive: false }, params: { id: 'x' } })],
    ['POST /api/affiliate/influencer-trial', () => call(createTrial, '/api/affiliate/influencer-trial', { method: 'POST' })],
  ])('%s answers 401', async (_name, request) => {
    const response = await request();
    expect(response.status).toBe(401);
    expect(response.json).toMatchObject({ message: authRequiredMessage, code: 'unauthorized' });
  });
});

describe('signed in without a subscription or the beta flag, like the /affiliate page', () => {
  it.each([
    ['GET /api/affiliate/stats', (jar: CookieJar) => call(stats, '/api/affiliate/stats', { jar })],
    ['GET /api/affiliate/links', (jar: CookieJar) => call(listLinks, '/api/affiliate/links', { jar })],
    ['POST /api/affiliate/links', (jar: CookieJar) => call(createLink, '/api/affiliate/links', { jar, body: { name: 'x' } })],
    ['PATCH /api/affiliate/links/{id}', (jar: CookieJar) => call(patchLink, '/api/affiliate/links/x', { jar, method: 'PATCH', body: { isActive: false }, params: { id: 'x' } })],
    ['POST /api/affiliate/influencer-trial', (jar: CookieJar) => call(createTrial, '/api/affiliate/influencer-trial', { jar, method: 'POST' })],
  ])('%s answers 403', async (_name, request) => {
    const { jar, id } = await unentitled();
    const response = await request(jar);
    expect(response.status).toBe(403);
    expect(response.json).toMatchObject({ message: subscriptionRequiredMessage, code: 'forbidden' });
    expect(await db.affiliateLink.count({ where: { userId: id } })).toBe(0);
    expect(await db.influencerTrial.count({ where: { creatorId: id } })).toBe(0);
  });

  it('opens once the user subscribes', async () => {
    const { jar, id } = await unentitled();
    await db.user.update({ where: { id }, data: { subscriptionStatus: 'active', subscriptionTier: 'Professional' } });
    expect((await call(stats, '/api/affiliate/stats', { jar })).status).toBe(200);
  });
});

describe('changes sent from another site', () => {
  it('are refused with the signed-in user’s cookies, and change nothing', async () => {
    const { jar, id } = await registered();
    const link = await newLink(jar);
    const attempts = [
      await call(createLink, '/api/affiliate/links', { jar, body: { name: 'Phished' }, headers: foreignOrigin }),
      await call(patchLink, `/api/affiliate/links/${link.id}`, { jar, method: 'PATCH', body: { isActive: false }, params: { id: link.id }, headers: foreignOrigin }),
      await call(createTrial, '/api/affiliate/influencer-trial', { jar, method: 'POST', headers: foreignOrigin }),
    ];
    for (const response of attempts) {
      expect(response.status).toBe(403);
      expect(response.json).toMatchObject({ message: 'Cross-origin requests are not allowed', code: 'forbidden' });
    }
    expect(await db.affiliateLink.findMany({ where: { userId: id }, select: { name: true, isActive: true } })).toEqual([{ name: 'Newsletter', isActive: true }]);
    expect(await db.influencerTrial.count({ where: { creatorId: id } })).toBe(0);
  });

  it('are accepted from the site’s own pages', async () => {
    const { jar } = await registered();
    expect((await call(createLink, '/api/affiliate/links', { jar, body: { name: 'Same site' }, headers: sameOrigin })).status).toBe(201);
    expect((await call(createTrial, '/api/affiliate/influencer-trial', { jar, method: 'POST', headers: sameOrigin })).status).toBe(201);
  });
});

describe('affiliate links', () => {
  it('creates, lists and toggles the signed-in user’s links', async () => {
    const { jar } = await registered();
    expect((await call(listLinks, '/api/affiliate/links', { jar })).json).toEqual([]);

    const created = await call(createLink, '/api/affiliate/links', { jar, body: { name: '  Newsletter  ' } });
    expect(created.status).toBe(201);
    expect(created.json).toEqual({
      id: expect.any(String),
      name: 'Newsletter',
      code: expect.stringMatching(/^[a-z0-9]{10}$/),
      url: `http://localhost/r/${created.json.code}`,
      clicks: 0,
      conversions: 0,
      isActive: true,
      createdAt: expect.any(String),
    });
    const second = await newLink(jar, 'Podcast');
    const listed = await call(listLinks, '/api/affiliate/links', { jar });
    expect(listed.json.map((link: { name: string }) => link.name)).toEqual(['Podcast', 'Newsletter']);

    const off = await call(patchLink, `/api/affiliate/links/${second.id}`, { jar, method: 'PATCH', body: { isActive: false }, params: { id: second.id } });
    expect(off.status).toBe(200);
    expect(off.json).toMatchObject({ id: second.id, isActive: false });
    const on = await call(patchLink, `/api/affiliate/links/${second.id}`, { jar, method: 'PATCH', body: { isActive: true }, params: { id: second.id } });
    expect(on.json.isActive).toBe(true);
  });

  it.each([[{ name: '' }], [{ name: '   ' }], [{}]])('refuses %p with 400 and creates nothing', async (body) => {
    const { jar, id } = await registered();
    const response = await call(createLink, '/api/affiliate/links', { jar, body });
    expect(response.status).toBe(400);
    expect(response.json.errors).toHaveProperty('name');
    expect(await db.affiliateLink.count({ where: { userId: id } })).toBe(0);
  });

  it('answers 400 with a message for a name too long, a body that is not JSON or not an object', async () => {
    const { jar, id } = await registered();
    const tooLong = await call(createLink, '/api/affiliate/links', { jar, body: { name: 'x'.repeat(101) } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json).toMatchObject({ message: 'Must be at most 100 characters', errors: { name: ['Must be at most 100 characters'] } });
    for (const rawBody of ['{"name":', 'null', '"Newsletter"', '[]']) {
      const response = await call(createLink, '/api/affiliate/links', { jar, rawBody });
      expect(response.status).toBe(400);
      expect(typeof response.json.message).toBe('string');
    }
    expect(await db.affiliateLink.count({ where: { userId: id } })).toBe(0);
  });

  it('refuses a malformed toggle', async () => {
    const { jar } = await registered();
    const link = await newLink(jar);
    const response = await call(patchLink, `/api/affiliate/links/${link.id}`, { jar, method: 'PATCH', body: { isActive: 'no' }, params: { id: link.id } });
    expect(response.status).toBe(400);
    expect(response.json.message).toBe('isActive must be true or false');
    const notJson = await call(patchLink, `/api/affiliate/links/${link.id}`, { jar, method: 'PATCH', rawBody: 'isActive=false', params: { id: link.id } });
    expect(notJson.status).toBe(400);
    expect(notJson.json.message).toBe('Request body must be valid JSON');
  });

  it('builds link and trial URLs on the host the browser used, behind a proxy too', async () => {
    const { jar } = await registered();
    const proxied = { host: 'app:3000', 'x-forwarded-host': 'treasury.example.com', 'x-forwarded-proto': 'https' };
    const created = await call(createLink, '/api/affiliate/links', { jar, body: { name: 'Proxied' }, headers: proxied });
    expect(created.json.url).toBe(`https://treasury.example.com/r/${created.json.code}`);
    const listed = await call(listLinks, '/api/affiliate/links', { jar, headers: { host: '127.0.0.1:3400' } });
    expect(listed.json[0].url).toBe(`http://127.0.0.1:3400/r/${created.json.code}`);
    const trial = await call(createTrial, '/api/affiliate/influencer-trial', { jar, method: 'POST', headers: proxied });
    expect(trial.json.trialLink).toMatch(/^https:\/\/treasury\.example\.com\/trial\/[A-Za-z0-9_-]{43}$/);
    const redirect = await call(visitLink, `/r/${created.json.code}`, { jar: new CookieJar(), params: { code: created.json.code }, headers: proxied });
    expect(redirect.headers.get('location')).toBe('https://treasury.example.com/register');
  });

  it('answers 404 for an unknown link id', async () => {
    const { jar } = await registered();
    for (const id of ['no-such-link', 'x'.repeat(500)]) {
      const response = await call(patchLink, `/api/affiliate/links/${id}`, { jar, method: 'PATCH', body: { isActive: false }, params: { id } });
      expect(response.status).toBe(404);
      expect(response.json).toMatchObject({ message: 'Affiliate link not found.', code: 'not_found' });
    }
  });

  it('keeps each user’s links private: another user can neither see nor toggle them', async () => {
    const owner = await registered();
    const stranger = await registered();
    const link = await newLink(owner.jar);
    expect((await call(listLinks, '/api/affiliate/links', { jar: stranger.jar })).json).toEqual([]);
    const toggle = await call(patchLink, `/api/affiliate/links/${link.id}`, {
      jar: stranger.jar,
      method: 'PATCH',
      body: { isActive: false },
      params: { id: link.id },
    });
    expect(toggle.status).toBe(404);
    expect(toggle.json).toMatchObject({ message: 'Affiliate link not found.' });
    expect((await db.affiliateLink.findUniqueOrThrow({ where: { id: link.id } })).isActive).toBe(true);
  });

  it('caps the number of links per user', async () => {
    const { jar, id } = await registered();
    await db.affiliateLink.createMany({ data: Array.from({ length: 50 }, (_, index) => ({ userId: id, name: `Link ${index}`, code: `cap${id}${index}`.toLowerCase() })) });
    const response = await call(createLink, '/api/affiliate/links', { jar, body: { name: 'One more' } });
    expect(response.status).toBe(403);
    expect(response.json.message).toBe('You can have at most 50 affiliate links. Reuse or deactivate an existing link.');
  });
});

describe('/r/{code}', () => {
  it('counts a click on an active link, keeps a hash of the address and sets the attribution cookie', async () => {
    const owner = await registered();
    const link = await newLink(owner.jar);
    const visitor = new CookieJar();
    const response = await visit(link.code, visitor);
    expect([302, 307]).toContain(response.status);
    expect(response.headers.get('location')).toBe('http://localhost/register');
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('ref_code='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=lax/i);
    expect(cookie).toMatch(/Max-Age=2592000/);
    expect(cookie).toMatch(/Path=\/api\/auth/);
    expect(visitor.cookies.get('ref_code')).toBe(link.code);

    expect((await db.affiliateLink.findUniqueOrThrow({ where: { id: link.id } })).clicks).toBe(1);
    const [click] = await db.affiliateClick.findMany({ where: { linkId: link.id } });
    expect(click?.visitor).toBeTruthy();
    expect(click?.visitor).not.toContain(visitor.ip);
    expect((await call(listLinks, '/api/affiliate/links', { jar: owner.jar })).json[0].clicks).toBe(1);
  });

  it('sends unknown and inactive codes to / without counting', async () => {
    const owner = await registered();
    const link = await newLink(owner.jar);
    await call(patchLink, `/api/affiliate/links/${link.id}`, { jar: owner.jar, method: 'PATCH', body: { isActive: false }, params: { id: link.id } });
    for (const code of [link.code, 'nosuchcode', '../../etc', '']) {
      const response = await visit(code);
      expect(response.headers.get('location')).toBe('http://localhost/');
      expect(response.headers.getSetCookie().some((line) => line.startsWith('ref_code='))).toBe(false);
    }
    expect((await db.affiliateLink.findUniqueOrThrow({ where: { id: link.id } })).clicks).toBe(0);
    expect(await db.affiliateClick.count({ where: { linkId: link.id } })).toBe(0);
  });

  it('sends a signed-in visitor to / without the cookie, and never counts the owner’s own clicks', async () => {
    const owner = await registered();
    const link = await newLink(owner.jar);
    const response = await visit(link.code, owner.jar.clone());
    expect(response.headers.get('location')).toBe('http://localhost/');
    expect(response.headers.getSetCookie().some((line) => line.startsWith('ref_code='))).toBe(false);
    expect((await db.affiliateLink.findUniqueOrThrow({ where: { id: link.id } })).clicks).toBe(0);

    const someoneElse = await registered();
    expect((await visit(link.code, someoneElse.jar)).headers.get('location')).toBe('http://localhost/');
    expect((await db.affiliateLink.findUniqueOrThrow({ where: { id: link.id } })).clicks).toBe(1);
  });

  it('counts at most 10 clicks an hour from one visitor, but still remembers the code', async () => {
    const owner = await registered();
    const link = await newLink(owner.jar);
    const visitor = new CookieJar();
    for (let index = 0; index < 12; index += 1) await visit(link.code, visitor);
    expect((await db.affiliateLink.findUniqueOrThrow({ where: { id: link.id } })).clicks).toBe(10);
    expect(await db.affiliateClick.count({ where: { linkId: link.id } })).toBe(10);
    expect(visitor.cookies.get('ref_code')).toBe(link.code);
  });
});

describe('attribution and stats', () => {
  it('starts at zero', async () => {
    const { jar } = await registered();
    const response = await call(stats, '/api/affiliate/stats', { jar });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ totalReferrals: 0, activeReferrals: 0, totalCommissions: 0, pendingCommissions: 0, conversionRate: 0, clickThroughRate: 0 });
  });

  it('turns a registration after a link visit into a referral, and computes the stats from it', async () => {
    const owner = await registered();
    const link = await newLink(owner.jar);
    const referredJar = new CookieJar();
    await visit(link.code, referredJar);
    await visit(link.code, new CookieJar());
    const referred = await registered(referredJar);

    const referral = await db.referral.findUniqueOrThrow({ where: { referredUserId: referred.id } });
    expect(referral).toMatchObject({ linkId: link.id, convertedAt: null });
    expect((await db.user.findUniqueOrThrow({ where: { id: referred.id } })).referredByLinkId).toBe(link.id);
    expect((await call(stats, '/api/affiliate/stats', { jar: owner.jar })).json).toEqual({
      totalReferrals: 1,
      activeReferrals: 0,
      totalCommissions: 0,
      pendingCommissions: 0,
      conversionRate: 0,
      clickThroughRate: 50,
    });

    await db.user.update({ where: { id: referred.id }, data: { subscriptionStatus: 'active' } });
    const first = await recordReferralPayment(db, referred.id, `pay-${referred.id}-1`, 9900);
    expect(first).toMatchObject({ amountCents: 4950, status: 'pending', affiliateId: owner.id, referralId: referral.id });
    const convertedAt = (await db.referral.findUniqueOrThrow({ where: { id: referral.id } })).convertedAt;
    expect(convertedAt).toBeInstanceOf(Date);

    // A replayed payment event books nothing new.
    const replay = await recordReferralPayment(db, referred.id, `pay-${referred.id}-1`, 9900);
    expect(replay?.id).toBe(first?.id);
    expect(await db.commission.count({ where: { referralId: referral.id } })).toBe(1);

    // The commission recurs on every monthly payment; the conversion date stays the first payment's.
    await recordReferralPayment(db, referred.id, `pay-${referred.id}-2`, 19900);
    expect(await db.commission.count({ where: { referralId: referral.id } })).toBe(2);
    expect((await db.referral.findUniqueOrThrow({ where: { id: referral.id } })).convertedAt).toEqual(convertedAt);
    await db.commission.update({ where: { id: first!.id }, data: { status: 'paid' } });

    expect((await call(stats, '/api/affiliate/stats', { jar: owner.jar })).json).toEqual({
      totalReferrals: 1,
      activeReferrals: 1,
      totalCommissions: 149,
      pendingCommissions: 99.5,
      conversionRate: 100,
      clickThroughRate: 50,
    });
    const [listed] = (await call(listLinks, '/api/affiliate/links', { jar: owner.jar })).json;
    expect(listed).toMatchObject({ clicks: 2, conversions: 1 });
  });

  it('counts a running trial as an active referral and a lapsed one as not', async () => {
    const owner = await registered();
    const link = await newLink(owner.jar);
    const [a, b] = [new CookieJar(), new CookieJar()];
    await visit(link.code, a);
    await visit(link.code, b);
    const running = await registered(a);
    const lapsed = await registered(b);
    await db.user.update({ where: { id: running.id }, data: { subscriptionStatus: 'trial', subscriptionEndsAt: new Date(Date.now() + dayMs) } });
    await db.user.update({ where: { id: lapsed.id }, data: { subscriptionStatus: 'trial', subscriptionEndsAt: new Date(Date.now() - dayMs) } });
    expect((await call(stats, '/api/affiliate/stats', { jar: owner.jar })).json).toMatchObject({ totalReferrals: 2, activeReferrals: 1, clickThroughRate: 100 });
  });

  it('does not attribute a registration through an inactive link', async () => {
    const owner = await registered();
    const link = await newLink(owner.jar);
    const jar = new CookieJar();
    await visit(link.code, jar);
    await db.affiliateLink.update({ where: { id: link.id }, data: { isActive: false } });
    const referred = await registered(jar);
    expect(await db.referral.count({ where: { referredUserId: referred.id } })).toBe(0);
  });

  it('refuses self-referral', async () => {
    const owner = await registered();
    const link = await newLink(owner.jar);
    await attributeRegistration(db, owner.id, new Request('http://localhost/api/auth/register', { headers: { cookie: `ref_code=${link.code}` } }));
    expect(await db.referral.count({ where: { referredUserId: owner.id } })).toBe(0);
    expect((await db.user.findUniqueOrThrow({ where: { id: owner.id } })).referredByLinkId).toBeNull();
  });

  it('refers a user once, to the first link', async () => {
    const first = await registered();
    const second = await registered();
    const [linkA, linkB] = [await newLink(first.jar), await newLink(second.jar)];
    const jar = new CookieJar();
    await visit(linkA.code, jar);
    const referred = await registered(jar);
    await attributeRegistration(db, referred.id, new Request('http://localhost/api/auth/register', { headers: { cookie: `ref_code=${linkB.code}` } }));
    const referrals = await db.referral.findMany({ where: { referredUserId: referred.id } });
    expect(referrals.map((referral) => referral.linkId)).toEqual([linkA.id]);
  });

  it('books a payment event delivered twice at once only once', async () => {
    const owner = await registered();
    const link = await newLink(owner.jar);
    const jar = new CookieJar();
    await visit(link.code, jar);
    const referred = await registered(jar);
    const paymentRef = `pay-${referred.id}-concurrent`;
    const [a, b] = await Promise.all([recordReferralPayment(db, referred.id, paymentRef, 29900), recordReferralPayment(db, referred.id, paymentRef, 29900)]);
    expect(a?.id).toBe(b?.id);
    expect(await db.commission.findMany({ where: { paymentRef }, select: { amountCents: true } })).toEqual([{ amountCents: 14950 }]);
    expect((await call(stats, '/api/affiliate/stats', { jar: owner.jar })).json).toMatchObject({ totalCommissions: 149.5, pendingCommissions: 149.5 });
  });

  it('keeps each affiliate’s stats to their own links', async () => {
    const owner = await registered();
    const stranger = await registered();
    const link = await newLink(owner.jar);
    const jar = new CookieJar();
    await visit(link.code, jar);
    const referred = await registered(jar);
    await recordReferralPayment(db, referred.id, `pay-${referred.id}-own`, 9900);
    expect((await call(stats, '/api/affiliate/stats', { jar: owner.jar })).json).toMatchObject({ totalReferrals: 1, totalCommissions: 49.5 });
    expect((await call(stats, '/api/affiliate/stats', { jar: stranger.jar })).json).toEqual({
      totalReferrals: 0,
      activeReferrals: 0,
      totalCommissions: 0,
      pendingCommissions: 0,
      conversionRate: 0,
      clickThroughRate: 0,
    });
  });

  it('books no commission for a user nobody referred, and refuses a nonsense amount', async () => {
    const { id } = await registered();
    await expect(recordReferralPayment(db, id, `pay-${id}`, 9900)).resolves.toBeNull();
    await expect(recordReferralPayment(db, id, `pay-${id}-x`, -1)).rejects.toThrow(RangeError);
    expect(await db.commission.count({ where: { paymentRef: `pay-${id}` } })).toBe(0);
  });
});

describe('influencer trials', () => {
  it('creates a 7-day link whose token is stored only as a hash', async () => {
    const creator = await registered();
    const before = Date.now();
    const response = await call(createTrial, '/api/affiliate/influencer-trial', { jar: creator.jar, method: 'POST' });
    expect(response.status).toBe(201);
    expect(response.json.trialLink).toMatch(/^http:\/\/localhost\/trial\/[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(response.json.trialLink);
    const [trial] = await db.influencerTrial.findMany({ where: { creatorId: creator.id } });
    expect(trial?.tokenHash).not.toContain(token);
    expect(trial!.expiresAt.getTime() - before).toBeGreaterThanOrEqual(7 * dayMs - 1000);
    expect(trial!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(7 * dayMs);
  });

  it('grants a signed-in, unsubscribed user 7 days of the Professional plan, and so the main screens, once', async () => {
    const creator = await registered();
    const token = await newTrialToken(creator.jar);
    const influencer = await unentitled();
    expect((await call(stats, '/api/affiliate/stats', { jar: influencer.jar })).status).toBe(403);

    const response = await open(token, influencer.jar);
    expect(response.headers.get('location')).toBe('http://localhost/dashboard');
    const me = (await call(currentUser, '/api/auth/user', { jar: influencer.jar })).json;
    expect(me).toMatchObject({ subscriptionStatus: 'trial', subscriptionTier: 'Professional', betaAccess: false });
    expect(Math.abs(Date.parse(me.subscriptionEndsAt) - (Date.now() + 7 * dayMs))).toBeLessThan(5000);
    expect((await call(stats, '/api/affiliate/stats', { jar: influencer.jar })).status).toBe(200);
    const trial = await db.influencerTrial.findFirstOrThrow({ where: { creatorId: creator.id } });
    expect(trial).toMatchObject({ redeemedById: influencer.id, redeemedAt: expect.any(Date) });

    // Non-transferrable: the link is spent, and opening it again changes nothing for anyone.
    const other = await unentitled();
    expect((await open(token, other.jar)).headers.get('location')).toBe('http://localhost/trial/unavailable?reason=used');
    expect((await db.user.findUniqueOrThrow({ where: { id: other.id } })).subscriptionStatus).toBe('inactive');
    expect((await open(token, influencer.jar)).headers.get('location')).toBe('http://localhost/trial/unavailable?reason=used');
    expect((await call(currentUser, '/api/auth/user', { jar: influencer.jar })).json.subscriptionEndsAt).toBe(me.subscriptionEndsAt);
  });

  it('ends the access when the 7 days are over', async () => {
    const creator = await registered();
    const influencer = await unentitled();
    await open(await newTrialToken(creator.jar), influencer.jar);
    await db.user.update({ where: { id: influencer.id }, data: { subscriptionEndsAt: new Date(Date.now() - 1000) } });
    expect((await call(currentUser, '/api/auth/user', { jar: influencer.jar })).json.subscriptionStatus).toBe('expired');
    expect((await call(stats, '/api/affiliate/stats', { jar: influencer.jar })).status).toBe(403);
  });

  it('lets only one of two simultaneous redemptions of a link through', async () => {
    const creator = await registered();
    const token = await newTrialToken(creator.jar);
    const [first, second] = [await unentitled(), await unentitled()];
    const locations = (await Promise.all([open(token, first.jar), open(token, second.jar)])).map((response) => response.headers.get('location'));
    expect(locations.sort()).toEqual(['http://localhost/dashboard', 'http://localhost/trial/unavailable?reason=used']);
    const users = await db.user.findMany({ where: { id: { in: [first.id, second.id] } }, select: { subscriptionStatus: true } });
    expect(users.map((user) => user.subscriptionStatus).sort()).toEqual(['inactive', 'trial']);
  });

  it('refuses the creator, leaving the link unused', async () => {
    const creator = await registered();
    const token = await newTrialToken(creator.jar);
    expect((await open(token, creator.jar)).headers.get('location')).toBe('http://localhost/trial/unavailable?reason=own');
    expect((await db.user.findUniqueOrThrow({ where: { id: creator.id } })).subscriptionStatus).toBe('inactive');
    expect((await db.influencerTrial.findFirstOrThrow({ where: { creatorId: creator.id } })).redeemedAt).toBeNull();
  });

  it('refuses an expired or unknown link', async () => {
    const creator = await registered();
    const token = await newTrialToken(creator.jar);
    await db.influencerTrial.updateMany({ where: { creatorId: creator.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const influencer = await unentitled();
    expect((await open(token, influencer.jar)).headers.get('location')).toBe('http://localhost/trial/unavailable?reason=expired');
    for (const bad of ['x'.repeat(43), 'short', '%00']) {
      expect((await open(bad, influencer.jar)).headers.get('location')).toBe('http://localhost/trial/unavailable?reason=invalid');
    }
    expect((await db.user.findUniqueOrThrow({ where: { id: influencer.id } })).subscriptionStatus).toBe('inactive');
  });

  it('never shortens a paid subscription, and grants one influencer trial per account', async () => {
    const creator = await registered();
    const subscriber = await registered();
    await db.user.update({ where: { id: subscriber.id }, data: { subscriptionStatus: 'active', subscriptionTier: 'Enterprise' } });
    const token = await newTrialToken(creator.jar);
    expect((await open(token, subscriber.jar)).headers.get('location')).toBe('http://localhost/trial/unavailable?reason=subscribed');
    expect(await db.user.findUniqueOrThrow({ where: { id: subscriber.id } })).toMatchObject({ subscriptionStatus: 'active', subscriptionTier: 'Enterprise' });

    const influencer = await registered();
    expect((await open(token, influencer.jar)).headers.get('location')).toBe('http://localhost/dashboard');
    await db.user.update({ where: { id: influencer.id }, data: { subscriptionEndsAt: new Date(Date.now() - 1000) } });
    expect((await open(await newTrialToken(creator.jar), influencer.jar)).headers.get('location')).toBe('http://localhost/trial/unavailable?reason=already-redeemed');
  });

  it('keeps the token for a signed-out visitor and redeems it at registration', async () => {
    const creator = await registered();
    const token = await newTrialToken(creator.jar);
    const visitor = new CookieJar();
    const response = await open(token, visitor);
    expect(response.headers.get('location')).toBe('http://localhost/register');
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('trial_token='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Max-Age=3600/);
    expect(await db.influencerTrial.count({ where: { creatorId: creator.id, redeemedAt: { not: null } } })).toBe(0);

    const influencer = await registered(visitor);
    expect(await db.user.findUniqueOrThrow({ where: { id: influencer.id } })).toMatchObject({ subscriptionStatus: 'trial', subscriptionTier: 'Professional' });
    const trial = await db.influencerTrial.findFirstOrThrow({ where: { creatorId: creator.id } });
    expect(trial.redeemedById).toBe(influencer.id);
  });

  it('does not apply a pending link that expired before the visitor registered', async () => {
    const creator = await registered();
    const token = await newTrialToken(creator.jar);
    const visitor = new CookieJar();
    await open(token, visitor);
    await db.influencerTrial.updateMany({ where: { creatorId: creator.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const influencer = await unentitled(visitor);
    expect((await db.user.findUniqueOrThrow({ where: { id: influencer.id } })).subscriptionStatus).toBe('inactive');
    expect((await db.influencerTrial.findFirstOrThrow({ where: { creatorId: creator.id } })).redeemedAt).toBeNull();
  });

  it('sends a signed-out visitor with a used link to the explanation, without a cookie', async () => {
    const creator = await registered();
    const token = await newTrialToken(creator.jar);
    await open(token, (await registered()).jar);
    const response = await open(token, new CookieJar());
    expect(response.headers.get('location')).toBe('http://localhost/trial/unavailable?reason=used');
    expect(response.headers.getSetCookie().some((line) => line.startsWith('trial_token='))).toBe(false);
  });

  it('limits each user to 10 trial links a day', async () => {
    const creator = await registered();
    for (let index = 0; index < 10; index += 1) await newTrialToken(creator.jar);
    const response = await call(createTrial, '/api/affiliate/influencer-trial', { jar: creator.jar, method: 'POST' });
    expect(response.status).toBe(429);
    expect(response.json.message).toBe('You can create up to 10 influencer trial links per day. Please try again tomorrow.');
    expect(response.headers.get('retry-after')).toBeTruthy();
    expect(await db.influencerTrial.count({ where: { creatorId: creator.id } })).toBe(10);
  });
});
