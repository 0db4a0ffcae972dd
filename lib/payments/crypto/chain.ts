import type { PaymentsConfig } from '../config';

// What the chain says about a receiving address. Each address is fresh (derived or used once), so
// everything it received belongs to the one payment.
//
// BTC, Esplora API: GET /address/{a}/txs (outputs paying the address, with block heights) and
// GET /blocks/tip/height; confirmations = tip − block height + 1. Payments may arrive in several
// transactions: the amount counts as confirmed N times once the outputs with ≥ N confirmations sum to it.
//
// ETH, JSON-RPC: eth_blockNumber, then eth_getBalance at `latest` and at block latest − (N − 1).
// A balance of at least the amount at latest − (N − 1) means the funds are in a block that has N
// confirmations. A balance at `latest` only means one confirmation. Balances also see internal
// transfers from contracts, which scanning transactions would miss. The trade-off is that a
// spend from the address would hide funds; the address is watch-only and never spends before
// it is confirmed.

export interface ChainObservation {
  /** Confirmations of the funds that complete the amount (0 when not yet complete or unconfirmed). */
  confirmations: number;
  /** Something arrived, even if unconfirmed or short of the amount. */
  seen: boolean;
  txid?: string;
}

interface EsploraTx {
  txid: string;
  status?: { confirmed?: boolean; block_height?: number };
  vout?: Array<{ scriptpubkey_address?: string; value?: number }>;
}

async function getJson(url: string, timeoutMs: number, init?: RequestInit): Promise<unknown> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs), cache: 'no-store' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const text = await response.text();
  return JSON.parse(text);
}

/** "0.00123456" BTC → 123456 sats, exactly. */
export function toBaseUnits(amount: string, decimals: number): bigint {
  const [whole = '0', fraction = ''] = amount.split('.');
  return BigInt(whole) * 10n ** BigInt(decimals) + BigInt((fraction + '0'.repeat(decimals)).slice(0, decimals) || '0');
}

export async function observeBtc(config: PaymentsConfig, address: string, amount: string): Promise<ChainObservation> {
  const base = config.crypto.esploraUrl;
  const timeoutMs = Math.min(config.timeoutMs, 10_000);
  const [txs, tip] = await Promise.all([
    getJson(`${base}/address/${encodeURIComponent(address)}/txs`, timeoutMs) as Promise<EsploraTx[]>,
    getJson(`${base}/blocks/tip/height`, timeoutMs) as Promise<number>,
  ]);
  const due = toBaseUnits(amount, 8);
  const received = (Array.isArray(txs) ? txs : [])
    .map((tx) => ({
      txid: tx.txid,
      sats: (tx.vout ?? []).filter((out) => out.scriptpubkey_address === address).reduce((sum, out) => sum + BigInt(out.value ?? 0), 0n),
      confirmations: tx.status?.confirmed && typeof tx.status.block_height === 'number' ? Math.max(0, Number(tip) - tx.status.block_height + 1) : 0,
    }))
    .filter((tx) => tx.sats > 0n)
    .sort((a, b) => b.confirmations - a.confirmations);
  let total = 0n;
  for (const tx of received) {
    total += tx.sats;
    if (total >= due) {
      // The least-confirmed transaction needed to reach the amount decides.
      return { confirmations: tx.confirmations, seen: true, txid: tx.txid };
    }
  }
  return { confirmations: 0, seen: received.length > 0, txid: received[0]?.txid };
}

let rpcId = 0;
async function rpc(url: string, method: string, params: unknown[], timeoutMs: number): Promise<string> {
  rpcId += 1;
  const body = (await getJson(url, timeoutMs, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: rpcId, method, params }),
  })) as { result?: string; error?: { message?: string } };
  if (typeof body.result !== 'string') throw new Error(`${method}: ${body.error?.message ?? 'no result'}`);
  return body.result;
}

export async function observeEth(config: PaymentsConfig, address: string, amount: string, required: number): Promise<ChainObservation> {
  const url = config.crypto.ethRpcUrl;
  if (!url) throw new Error('ETH_RPC_URL is not set');
  const timeoutMs = Math.min(config.timeoutMs, 10_000);
  const due = toBaseUnits(amount, 18);
  const latest = BigInt(await rpc(url, 'eth_blockNumber', [], timeoutMs));
  const balanceAtLatest = BigInt(await rpc(url, 'eth_getBalance', [address, 'latest'], timeoutMs));
  if (balanceAtLatest < due) return { confirmations: 0, seen: balanceAtLatest > 0n };
  if (required <= 1) return { confirmations: 1, seen: true };
  const deep = latest - BigInt(required - 1);
  const balanceDeep = BigInt(await rpc(url, 'eth_getBalance', [address, `0x${(deep > 0n ? deep : 0n).toString(16)}`], timeoutMs));
  return { confirmations: balanceDeep >= due ? required : 1, seen: true };
}
