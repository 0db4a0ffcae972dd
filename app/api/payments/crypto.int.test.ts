import { pbkdf2 } from '@noble/hashes/pbkdf2.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { HDKey } from '@scure/bip32';
import { db } from '@/lib/db';
import { forgetCryptoObservations } from '@/lib/payments/crypto/payments';
import { forgetCryptoRates } from '@/lib/payments/crypto/rates';
import { resetDatabase } from '@/test/support/database';
import { call, type CookieJar } from '@/test/support/http';
import { startFakeCoinGecko, startFakeEsplora, startFakeEthRpc } from '@/test/support/payments/fake-providers';
import { payers, userRow } from '@/test/support/payments/users';
import { GET as visitLink } from '../../r/[code]/route';
import { POST as createLink } from '../affiliate/links/route';
import { POST as register } from '../auth/register/route';
import { POST as verifyBeta } from '../beta/verify/route';
import { GET as config } from './config/route';
import { POST as create } from './crypto/create/route';
import { GET as rates } from './crypto/rates/route';
import { GET as status } from './crypto/status/[paymentId]/route';

const { payer, referredPayer } = payers({ register, verifyBeta, createLink, visitLink });

// Registration hashes passwords: generous per-test time on a shared machine.
jest.setTimeout(30_000);

// Crypto payments against a local CoinGecko-style price API, an Esplora explorer and an Ethereum
// JSON-RPC node: fresh watch-only addresses, confirmation counting, expiry, and one activation.

const mnemonic = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const seed = pbkdf2(sha512, mnemonic, 'mnemonic', { c: 2048, dkLen: 64 });
const zpub = HDKey.fromMasterSeed(seed, { private: 0x04b2430c, public: 0x04b24746 }).derive("m/84'/0'/0'").publicExtendedKey;
const ethXpub = HDKey.fromMasterSeed(seed).derive("m/44'/60'/0'").publicExtendedKey;

let gecko: Awaited<ReturnType<typeof startFakeCoinGecko>>;
let esplora: Awaited<ReturnType<typeof startFakeEsplora>>;
let eth: Awaited<ReturnType<typeof startFakeEthRpc>>;
const saved = { ...process.env };

beforeAll(async () => {
  await resetDatabase();
  [gecko, esplora, eth] = await Promise.all([startFakeCoinGecko({ bitcoin: 100_000, ethereum: 4_000 }), startFakeEsplora(), startFakeEthRpc()]);
  Object.assign(process.env, {
    COINGECKO_BASE_URL: gecko.baseUrl,
    COINGECKO_API_KEY: 'cg-demo-key',
    CRYPTO_BTC_XPUB: zpub,
    CRYPTO_ETH_XPUB: ethXpub,
    CRYPTO_REQUIRED_CONFIRMATIONS: '2',
    BTC_ESPLORA_URL: esplora.url,
    ETH_RPC_URL: eth.url,
  });
});

beforeEach(() => {
  forgetCryptoRates();
  gecko.state.failing = false;
});

afterAll(async () => {
  process.env = saved;
  await Promise.all([gecko.close(), esplora.close(), eth.close()]);
});

const createPayment = (jar: CookieJar, body: Record<string, unknown>) => call(create, '/api/payments/crypto/create', { jar, body });
const pollNow = (jar: CookieJar | undefined, paymentId: string) => call(status, `/api/payments/crypto/status/${paymentId}`, { jar, params: { paymentId } });
/** A poll after the chain changed: the server's few-second reuse of its last observation is dropped first. */
const poll = (jar: CookieJar | undefined, paymentId: string) => {
  forgetCryptoObservations();
  return pollNow(jar, paymentId);
};

describe('rates', () => {
  it('reads BTC and ETH from the price API with the API key, and caches them', async () => {
    const response = await call(rates, '/api/payments/crypto/rates');
    expect(response.json).toMatchObject({
      rates: { BTC: { usd: 100_000, symbol: 'BTC', name: 'Bitcoin', source: 'coingecko' }, ETH: { usd: 4_000, symbol: 'ETH', name: 'Ethereum', source: 'coingecko' } },
      source: 'coingecko',
    });
    expect(gecko.requests.at(-1)!.headers['x-cg-demo-api-key']).toBe('cg-demo-key');
    const count = gecko.requests.length;
    await call(rates, '/api/payments/crypto/rates');
    expect(gecko.requests.length).toBe(count);
  });

  it('falls back to the newest stored market price, then to the fixed figures', async () => {
    gecko.state.failing = true;
    expect((await call(rates, '/api/payments/crypto/rates')).json).toMatchObject({ rates: { BTC: { usd: 43250 }, ETH: { usd: 2650 } }, source: 'fallback' });
    forgetCryptoRates();
    await db.marketPrice.create({ data: { symbol: 'BTC', priceUsd: 95_000, at: new Date('2026-11-24T12:00:00Z'), source: 'coingecko' } });
    await db.marketPrice.create({ data: { symbol: 'BTC', priceUsd: 40_000, at: new Date('2023-06-01T00:00:00Z'), source: 'coingecko' } });
    // Each rate says what it is: the stored BTC price with its date beside the fixed ETH fallback (issue 12).
    expect((await call(rates, '/api/payments/crypto/rates')).json).toMatchObject({
      rates: { BTC: { usd: 95_000, source: 'stored', asOf: '2026-11-24T12:00:00.000Z' }, ETH: { usd: 2650, source: 'fallback', asOf: null } },
      source: 'stored',
      updatedAt: '2026-11-24T12:00:00.000Z',
    });
    await db.marketPrice.deleteMany();
  });
});

describe('creating a payment', () => {
  it('prices the plan at the current rate, at a fresh BIP84 address each time, with a QR code and a 30-minute window', async () => {
    expect((await call(config, '/api/payments/config')).json.cryptoEnabled).toBe(true);
    const user = await payer();
    const first = await createPayment(user.jar, { amount: 0.00199, currency: 'BTC', planType: 'Professional', userEmail: 'someone-else@example.com' });
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ amount: '0.00199000', currency: 'BTC', address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu' });
    expect(first.json.qrCode).toMatch(/^data:image\/png;base64,/);
    const expiresIn = new Date(first.json.expiresAt).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(29 * 60 * 1000);
    expect(expiresIn).toBeLessThanOrEqual(30 * 60 * 1000);
    // The payer is the session's user whatever userEmail says.
    expect((await db.cryptoPayment.findUniqueOrThrow({ where: { id: first.json.paymentId } })).userId).toBe(user.id);

    const second = await createPayment(user.jar, { amount: 0.00199, currency: 'BTC', planType: 'professional' });
    expect(second.json.address).toBe('bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g');

    const ether = await createPayment(user.jar, { amount: '0.01225', currency: 'ETH', planType: 'starter' });
    expect(ether.json).toMatchObject({ amount: '0.012250', currency: 'ETH', address: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94' });
  });

  it('refuses to quote a payment at the fixed fallback rate (503)', async () => {
    const user = await payer();
    gecko.state.failing = true;
    const response = await createPayment(user.jar, { amount: 0.0046, currency: 'BTC', planType: 'professional' });
    expect(response.status).toBe(503);
    expect(response.json.message).toMatch(/rates are unavailable/);
  });

  it('accepts a client amount within 2 % of the server quote and refuses one further off (400)', async () => {
    const user = await payer();
    expect((await createPayment(user.jar, { amount: 0.00049 * 1.015, currency: 'BTC', planType: 'starter' })).status).toBe(201);
    const off = await createPayment(user.jar, { amount: 0.0004, currency: 'BTC', planType: 'starter' });
    expect(off.status).toBe(400);
    expect(off.json.message).toMatch(/does not match/);
    expect((await createPayment(user.jar, { amount: 1, currency: 'DOGE', planType: 'starter' })).status).toBe(400);
    expect((await createPayment(user.jar, { amount: 1, currency: 'BTC', planType: 'gold' })).status).toBe(400);
  });

  it('uses each address of a configured list once, then refuses (503); nothing configured is 503 too', async () => {
    const user = await payer();
    const list = ['bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh'];
    Object.assign(process.env, { CRYPTO_BTC_XPUB: '', CRYPTO_BTC_ADDRESSES: list.join(',') });
    try {
      const a = await createPayment(user.jar, { amount: 0.00049, currency: 'BTC', planType: 'starter' });
      const b = await createPayment(user.jar, { amount: 0.00049, currency: 'BTC', planType: 'starter' });
      expect([a.json.address, b.json.address].sort()).toEqual([...list].sort());
      expect((await createPayment(user.jar, { amount: 0.00049, currency: 'BTC', planType: 'starter' })).status).toBe(503);
      process.env.CRYPTO_BTC_ADDRESSES = '';
      const none = await createPayment(user.jar, { amount: 0.00049, currency: 'BTC', planType: 'starter' });
      expect(none.status).toBe(503);
      expect(none.json.message).toBe('Crypto payments are not configured');
    } finally {
      Object.assign(process.env, { CRYPTO_BTC_XPUB: zpub, CRYPTO_BTC_ADDRESSES: '' });
    }
  });
});

describe('payment status', () => {
  it('BTC: pending until the paying transaction has the required confirmations, then the plan is active once', async () => {
    const { affiliate, referred } = await referredPayer();
    const created = await createPayment(referred.jar, { amount: 0.00199, currency: 'BTC', planType: 'professional' });
    const { paymentId, address } = created.json;
    expect((await poll(referred.jar, paymentId)).json).toMatchObject({ status: 'pending', confirmations: 0 });

    // Short of the amount, then in the mempool, then one confirmation: still pending (2 required).
    const part = esplora.pay(address, 100_000, esplora.state.tip);
    expect((await poll(referred.jar, paymentId)).json).toMatchObject({ status: 'pending', confirmations: 0 });
    const tx = esplora.pay(address, 99_000);
    expect((await poll(referred.jar, paymentId)).json).toMatchObject({ status: 'pending', confirmations: 0 });
    esplora.confirm(tx.txid, esplora.state.tip);
    expect((await poll(referred.jar, paymentId)).json).toMatchObject({ status: 'pending', confirmations: 1 });
    expect((await userRow(referred.id)).subscriptionStatus).toBe('inactive');

    esplora.state.tip += 1;
    const confirmed = await poll(referred.jar, paymentId);
    expect(confirmed.json).toMatchObject({ status: 'confirmed', confirmations: 2 });
    expect([part.txid, tx.txid]).toContain(confirmed.json.txid);
    const active = await userRow(referred.id);
    expect(active).toMatchObject({ subscriptionStatus: 'active', subscriptionTier: 'professional' });

    esplora.state.tip += 5;
    expect((await poll(referred.jar, paymentId)).json.status).toBe('confirmed');
    expect((await userRow(referred.id)).subscriptionEndsAt!.getTime()).toBe(active.subscriptionEndsAt!.getTime());
    expect(await db.payment.count({ where: { userId: referred.id, provider: 'crypto', status: 'succeeded' } })).toBe(1);
    const commissions = await db.commission.findMany({ where: { affiliateId: affiliate.id } });
    expect(commissions).toHaveLength(1);
    expect(commissions[0]!.amountCents).toBe(9950);
  });

  it('ETH: confirmed when the balance N−1 blocks back covers the amount', async () => {
    const user = await payer();
    const created = await createPayment(user.jar, { amount: 0.2475, currency: 'ETH', planType: 'enterprise' });
    const { paymentId, address, amount } = created.json;
    expect(amount).toBe('0.249750');
    eth.deposit(address, 249_750_000_000_000_000n, eth.state.block);
    expect((await poll(user.jar, paymentId)).json).toMatchObject({ status: 'pending', confirmations: 1 });
    eth.state.block += 1n;
    expect((await poll(user.jar, paymentId)).json).toMatchObject({ status: 'confirmed', confirmations: 2 });
    expect(await userRow(user.id)).toMatchObject({ subscriptionStatus: 'active', subscriptionTier: 'enterprise' });
  });

  it('asks the explorer once for status polls arriving within a few seconds, however many there are', async () => {
    const user = await payer();
    const { paymentId, address } = (await createPayment(user.jar, { amount: 0.00049, currency: 'BTC', planType: 'starter' })).json;
    forgetCryptoObservations();
    const before = esplora.requests.filter((request) => request.path.includes(address)).length;
    const answers = await Promise.all(Array.from({ length: 5 }, () => pollNow(user.jar, paymentId)));
    await pollNow(user.jar, paymentId);
    expect(answers.every((answer) => answer.status === 200 && answer.json.status === 'pending')).toBe(true);
    expect(esplora.requests.filter((request) => request.path.includes(address)).length - before).toBe(1);
  });

  it('expires after its window when nothing arrived', async () => {
    const user = await payer();
    const created = await createPayment(user.jar, { amount: 0.00049, currency: 'BTC', planType: 'starter' });
    await db.cryptoPayment.update({ where: { id: created.json.paymentId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await poll(user.jar, created.json.paymentId)).json).toMatchObject({ status: 'expired', confirmations: 0 });
    // Money arriving after expiry does not reopen it.
    esplora.pay(created.json.address, 49_000, esplora.state.tip - 10);
    expect((await poll(user.jar, created.json.paymentId)).json.status).toBe('expired');
    expect((await userRow(user.id)).subscriptionStatus).toBe('inactive');
  });

  it('stays pending past the window while a payment is on its way', async () => {
    const user = await payer();
    const created = await createPayment(user.jar, { amount: 0.00049, currency: 'BTC', planType: 'starter' });
    esplora.pay(created.json.address, 49_000);
    await db.cryptoPayment.update({ where: { id: created.json.paymentId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await poll(user.jar, created.json.paymentId)).json.status).toBe('pending');
  });

  it("another user's payment is not found (404); signed out is 401", async () => {
    const owner = await payer();
    const other = await payer();
    const created = await createPayment(owner.jar, { amount: 0.00049, currency: 'BTC', planType: 'starter' });
    expect((await poll(other.jar, created.json.paymentId)).status).toBe(404);
    expect((await poll(undefined, created.json.paymentId)).status).toBe(401);
    expect((await poll(owner.jar, 'does-not-exist')).status).toBe(404);
    expect((await call(create, '/api/payments/crypto/create', { body: { amount: 1, currency: 'BTC', planType: 'starter' } })).status).toBe(401);
  });
});
