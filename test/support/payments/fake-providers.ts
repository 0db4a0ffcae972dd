import crypto from 'node:crypto';
import { startFakeServer } from '../http-server';

// Local servers for PayPal (REST Orders v2), Square (Payments API), a CoinGecko-style price API,
// an Esplora BTC explorer and an Ethereum JSON-RPC node, answering in each one's wire format.

const upperId = () => crypto.randomBytes(9).toString('hex').toUpperCase();

interface PaypalAmount {
  currency_code: string;
  value: string;
}

interface PaypalOrder {
  id: string;
  status: string;
  intent: string;
  purchase_units: Array<{ reference_id: string; custom_id: string; amount: PaypalAmount }>;
  create_time: string;
  /** What the capture reports instead of the order's amount and COMPLETED (a test's choice). */
  capturedAmount?: PaypalAmount;
  captureStatus?: string;
}

export async function startFakePaypal(clientId = 'paypal-client', clientSecret = 'paypal-secret') {
  const orders = new Map<string, PaypalOrder>();
  const tokens = new Set<string>();
  const authorized = (header: string | undefined) => Boolean(header && tokens.has(header.replace(/^Bearer /, '')));
  const unauthorized = { status: 401, body: { error: 'invalid_token', error_description: 'Token signature verification failed' } };
  const server = await startFakeServer([
    [
      'POST',
      /^\/v1\/oauth2\/token$/,
      (request) => {
        const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
        if (request.headers.authorization !== expected || !request.body.includes('grant_type=client_credentials')) {
          return { status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } };
        }
        const token = `A21AA${crypto.randomBytes(16).toString('hex')}`;
        tokens.add(token);
        return { body: { scope: 'https://uri.paypal.com/services/payments/payment', access_token: token, token_type: 'Bearer', app_id: 'APP-80W284485P519543T', expires_in: 32400, nonce: crypto.randomUUID() } };
      },
    ],
    [
      'POST',
      /^\/v1\/identity\/generate-token$/,
      (request) => (authorized(request.headers.authorization) ? { body: { client_token: `eyJ${crypto.randomBytes(24).toString('base64url')}`, expires_in: 3600 } } : unauthorized),
    ],
    [
      'POST',
      /^\/v2\/checkout\/orders$/,
      (request) => {
        if (!authorized(request.headers.authorization)) return unauthorized;
        const body = JSON.parse(request.body);
        const order: PaypalOrder = { id: upperId().slice(0, 17), status: 'CREATED', intent: body.intent, purchase_units: body.purchase_units, create_time: new Date().toISOString() };
        orders.set(order.id, order);
        return {
          status: 201,
          body: {
            id: order.id,
            status: 'CREATED',
            links: [
              { href: `https://api.sandbox.paypal.com/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
              { href: `https://www.sandbox.paypal.com/checkoutnow?token=${order.id}`, rel: 'approve', method: 'GET' },
            ],
          },
        };
      },
    ],
    [
      'POST',
      /^\/v2\/checkout\/orders\/([^/]+)\/capture$/,
      (request) => {
        if (!authorized(request.headers.authorization)) return unauthorized;
        const order = orders.get(request.params[0]!);
        const unprocessable = (issue: string, description: string) => ({
          status: 422,
          body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue, description }], message: 'The requested action could not be performed, semantically incorrect, or failed business validation.', debug_id: 'f2b1e3c4d5a6' },
        });
        if (!order) return { status: 404, body: { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID', description: 'Specified resource ID does not exist.' }], message: 'The specified resource does not exist.' } };
        if (order.status === 'COMPLETED') return unprocessable('ORDER_ALREADY_CAPTURED', 'Order already captured.If \'intent=CAPTURE\' only one capture per order is allowed.');
        if (order.status !== 'APPROVED') return unprocessable('ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.');
        order.status = 'COMPLETED';
        const unit = order.purchase_units[0]!;
        return {
          status: 201,
          body: {
            id: order.id,
            status: 'COMPLETED',
            payment_source: { paypal: { email_address: 'payer@example.com', account_id: 'QYR5Z8XDVJNXQ', account_status: 'VERIFIED' } },
            purchase_units: [
              {
                reference_id: unit.reference_id,
                payments: {
                  captures: [
                    {
                      id: upperId().slice(0, 17),
                      status: order.captureStatus ?? 'COMPLETED',
                      amount: order.capturedAmount ?? unit.amount,
                      final_capture: true,
                      custom_id: unit.custom_id,
                      create_time: new Date().toISOString(),
                    },
                  ],
                },
              },
            ],
            payer: { name: { given_name: 'Ada', surname: 'Lovelace' }, email_address: 'payer@example.com', payer_id: 'QYR5Z8XDVJNXQ' },
            links: [{ href: `https://api.sandbox.paypal.com/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' }],
          },
        };
      },
    ],
  ]);
  return {
    ...server,
    orders,
    /** The payer approves the order in PayPal's window. */
    approve(orderId: string, overrides: { capturedAmount?: { currency_code: string; value: string }; captureStatus?: string } = {}) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no order ${orderId}`);
      Object.assign(order, { status: 'APPROVED', ...overrides });
    },
  };
}

export const squareNonces = { ok: 'cnon:card-nonce-ok', declined: 'cnon:card-nonce-declined' };

export async function startFakeSquare(accessToken = 'square-token', locationId = 'L88917AVBK2S5') {
  const byKey = new Map<string, Record<string, unknown>>();
  const server = await startFakeServer([
    [
      'POST',
      /^\/v2\/payments$/,
      (request) => {
        if (request.headers.authorization !== `Bearer ${accessToken}`) {
          return { status: 401, body: { errors: [{ category: 'AUTHENTICATION_ERROR', code: 'UNAUTHORIZED', detail: 'This request could not be authorized.' }] } };
        }
        const body = JSON.parse(request.body);
        if (!body.idempotency_key) return { status: 400, body: { errors: [{ category: 'INVALID_REQUEST_ERROR', code: 'MISSING_REQUIRED_PARAMETER', detail: 'Missing required parameter.', field: 'idempotency_key' }] } };
        if (body.location_id !== locationId) return { status: 400, body: { errors: [{ category: 'INVALID_REQUEST_ERROR', code: 'NOT_FOUND', detail: 'Location not found.' }] } };
        if (byKey.has(body.idempotency_key)) return { body: { payment: byKey.get(body.idempotency_key) } };
        if (body.source_id === squareNonces.declined) {
          return { status: 402, body: { errors: [{ code: 'GENERIC_DECLINE', detail: 'Authorization error: \'GENERIC_DECLINE\'', category: 'PAYMENT_METHOD_ERROR' }] } };
        }
        const time = new Date().toISOString();
        const payment = {
          id: crypto.randomBytes(14).toString('base64url'),
          created_at: time,
          updated_at: time,
          amount_money: body.amount_money,
          total_money: body.amount_money,
          approved_money: body.amount_money,
          status: 'COMPLETED',
          source_type: 'CARD',
          card_details: { status: 'CAPTURED', card: { card_brand: 'VISA', last_4: '1111', exp_month: 11, exp_year: 2028 }, entry_method: 'KEYED' },
          location_id: body.location_id,
          order_id: crypto.randomBytes(14).toString('base64url'),
          reference_id: body.reference_id,
          note: body.note,
          receipt_number: 'ABCD',
          version_token: crypto.randomBytes(12).toString('base64url'),
        };
        byKey.set(body.idempotency_key, payment);
        return { body: { payment } };
      },
    ],
  ]);
  return { ...server, payments: byKey };
}

/** CoinGecko-style /simple/price; set `prices` (or `failing`) at any time. */
export async function startFakeCoinGecko(prices = { bitcoin: 90_000, ethereum: 3_000 }) {
  const state = { prices, failing: false };
  const server = await startFakeServer([
    [
      'GET',
      /^\/api\/v3\/simple\/price$/,
      (request) => {
        if (state.failing) return { status: 429, body: { status: { error_code: 429, error_message: "You've exceeded the Rate Limit." } } };
        const ids = (request.query.get('ids') ?? '').split(',');
        const at = Math.floor(Date.now() / 1000);
        const body: Record<string, unknown> = {};
        for (const coin of ids) if (coin in state.prices) body[coin] = { usd: state.prices[coin as keyof typeof prices], last_updated_at: at };
        return { body };
      },
    ],
  ]);
  return { ...server, state, baseUrl: `${server.url}/api/v3` };
}

interface EsploraTx {
  txid: string;
  status: { confirmed: boolean; block_height?: number; block_hash?: string; block_time?: number };
  [field: string]: unknown;
}

/** Esplora (Blockstream/mempool.space) for BTC: transactions paying an address and the tip height. */
export async function startFakeEsplora() {
  const state = { tip: 870_000, txs: new Map<string, EsploraTx[]>() };
  const server = await startFakeServer([
    ['GET', /^\/blocks\/tip\/height$/, () => ({ body: String(state.tip), headers: { 'content-type': 'text/plain' } })],
    ['GET', /^\/address\/([^/]+)\/txs$/, (request) => ({ body: state.txs.get(request.params[0]!) ?? [] })],
  ]);
  return {
    ...server,
    state,
    /** A transaction paying `sats` to the address; blockHeight undefined = still in the mempool. */
    pay(address: string, sats: number, blockHeight?: number) {
      const txid = crypto.randomBytes(32).toString('hex');
      const tx: EsploraTx = {
        txid,
        version: 2,
        locktime: 0,
        vin: [{ txid: crypto.randomBytes(32).toString('hex'), vout: 0, prevout: { scriptpubkey_address: 'bc1qsender0000000000000000000000000000000', value: sats + 5_000 } }],
        vout: [
          { scriptpubkey: '0014', scriptpubkey_type: 'v0_p2wpkh', scriptpubkey_address: address, value: sats },
          { scriptpubkey: '0014', scriptpubkey_type: 'v0_p2wpkh', scriptpubkey_address: 'bc1qchange000000000000000000000000000000', value: 4_000 },
        ],
        size: 222,
        weight: 561,
        fee: 1_000,
        status: blockHeight === undefined ? { confirmed: false } : { confirmed: true, block_height: blockHeight, block_hash: crypto.randomBytes(32).toString('hex'), block_time: Math.floor(Date.now() / 1000) },
      };
      state.txs.set(address, [tx, ...(state.txs.get(address) ?? [])]);
      return tx;
    },
    confirm(txid: string, blockHeight: number) {
      for (const list of state.txs.values()) for (const tx of list) if (tx.txid === txid) tx.status = { confirmed: true, block_height: blockHeight };
    },
  };
}

/** An Ethereum JSON-RPC node: block number and balances that change at given blocks. */
export async function startFakeEthRpc() {
  const state = { block: 21_000_000n, deposits: [] as Array<{ address: string; wei: bigint; block: bigint }> };
  const balanceAt = (address: string, block: bigint) =>
    state.deposits.filter((deposit) => deposit.address.toLowerCase() === address.toLowerCase() && deposit.block <= block).reduce((sum, deposit) => sum + deposit.wei, 0n);
  const server = await startFakeServer([
    [
      'POST',
      /^\/$/,
      (request) => {
        const { id, method, params } = JSON.parse(request.body);
        const hex = (value: bigint) => `0x${value.toString(16)}`;
        if (method === 'eth_blockNumber') return { body: { jsonrpc: '2.0', id, result: hex(state.block) } };
        if (method === 'eth_getBalance') {
          const tag = params[1] as string;
          const block = tag === 'latest' ? state.block : BigInt(tag);
          return { body: { jsonrpc: '2.0', id, result: hex(block > state.block ? 0n : balanceAt(params[0], block)) } };
        }
        return { body: { jsonrpc: '2.0', id, error: { code: -32601, message: `the method ${method} does not exist/is not available` } } };
      },
    ],
  ]);
  return {
    ...server,
    state,
    deposit(address: string, wei: bigint, block = state.block) {
      state.deposits.push({ address, wei, block });
    },
  };
}
