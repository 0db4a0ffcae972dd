// npx tsx e2e/support/fake-chain-server.ts <port>
// The outside services of a crypto checkout, for the end-to-end suite: a CoinGecko-style
// /api/v3/simple/price and an Esplora-style explorer (/blocks/tip/height, /address/{a}/txs) in their
// documented wire formats. POST /test/pay {address, sats} records a transaction confirmed at the tip,
// as a wallet paying the receiving address would. Only for tests; it listens on the loopback address.
import crypto from 'node:crypto';
import http from 'node:http';

const port = Number(process.argv[2] ?? 3105);
const usd: Record<string, number> = { bitcoin: 100_000, ethereum: 4_000 };
const tip = 900_000;
const txsByAddress = new Map<string, unknown[]>();

function send(response: http.ServerResponse, status: number, body: unknown, type = 'application/json') {
  response.writeHead(status, { 'content-type': type }).end(typeof body === 'string' ? body : JSON.stringify(body));
}

function paymentTx(address: string, sats: number) {
  return {
    txid: crypto.randomBytes(32).toString('hex'),
    version: 2,
    locktime: 0,
    vin: [{ txid: crypto.randomBytes(32).toString('hex'), vout: 0, prevout: { value: sats + 2_000 } }],
    vout: [{ scriptpubkey_type: 'v0_p2wpkh', scriptpubkey_address: address, value: sats }],
    fee: 2_000,
    status: { confirmed: true, block_height: tip, block_hash: crypto.randomBytes(32).toString('hex'), block_time: Math.floor(Date.now() / 1000) },
  };
}

const server = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (request.method === 'GET' && url.pathname === '/health') return send(response, 200, { ok: true });
    if (request.method === 'GET' && url.pathname === '/api/v3/simple/price') {
      const at = Math.floor(Date.now() / 1000);
      const ids = (url.searchParams.get('ids') ?? '').split(',').filter((id) => id in usd);
      return send(response, 200, Object.fromEntries(ids.map((id) => [id, { usd: usd[id], last_updated_at: at }])));
    }
    if (request.method === 'GET' && url.pathname === '/blocks/tip/height') return send(response, 200, String(tip), 'text/plain');
    const txs = /^\/address\/([^/]+)\/txs$/.exec(url.pathname);
    if (request.method === 'GET' && txs) return send(response, 200, txsByAddress.get(decodeURIComponent(txs[1]!)) ?? []);
    if (request.method === 'POST' && url.pathname === '/test/pay') {
      try {
        const { address, sats } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { address: string; sats: number };
        const tx = paymentTx(address, sats);
        txsByAddress.set(address, [tx, ...(txsByAddress.get(address) ?? [])]);
        return send(response, 201, tx);
      } catch {
        return send(response, 400, { message: 'Send {address, sats}' });
      }
    }
    return send(response, 404, { message: 'not found' });
  });
});

server.listen(port, '127.0.0.1', () => console.log(`fake chain services on http://127.0.0.1:${port}`));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)));
