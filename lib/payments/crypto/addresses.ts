import { keccak_256 } from '@noble/hashes/sha3.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bech32, createBase58check } from '@scure/base';
import { HDKey } from '@scure/bip32';

// Watch-only receiving addresses. The operator configures an ACCOUNT-level extended public key
// (BTC: m/84'/0'/0' as zpub/vpub, or xpub/tpub; ETH: m/44'/60'/0' as xpub); we derive the external
// chain's child 0/i, so each payment gets a fresh address and no private key ever reaches the server.

const base58check = createBase58check(sha256);

// Version bytes of the extended public keys we accept, with their private twins (HDKey needs both).
const btcVersions: Record<string, { versions: { private: number; public: number }; hrp: 'bc' | 'tb' }> = {
  xpub: { versions: { private: 0x0488ade4, public: 0x0488b21e }, hrp: 'bc' },
  zpub: { versions: { private: 0x04b2430c, public: 0x04b24746 }, hrp: 'bc' },
  tpub: { versions: { private: 0x04358394, public: 0x043587cf }, hrp: 'tb' },
  vpub: { versions: { private: 0x045f18bc, public: 0x045f1cf6 }, hrp: 'tb' },
};

function versionOf(extendedKey: string): number {
  const bytes = base58check.decode(extendedKey.trim());
  if (bytes.length !== 78) throw new Error('Not an extended key');
  return ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
}

function btcKind(extendedKey: string) {
  const version = versionOf(extendedKey);
  const entry = Object.values(btcVersions).find((kind) => kind.versions.public === version);
  if (!entry) throw new Error('CRYPTO_BTC_XPUB must be a zpub, vpub, xpub or tpub');
  return entry;
}

/** bech32 P2WPKH address of a compressed public key (BIP84 / BIP173). */
function p2wpkhAddress(publicKey: Uint8Array, hrp: 'bc' | 'tb' = 'bc'): string {
  const program = ripemd160(sha256(publicKey));
  return bech32.encode(hrp, [0, ...bech32.toWords(program)]);
}

export function deriveBtcAddress(extendedPublicKey: string, index: number): string {
  const kind = btcKind(extendedPublicKey);
  const account = HDKey.fromExtendedKey(extendedPublicKey.trim(), kind.versions);
  const child = account.deriveChild(0).deriveChild(index);
  return p2wpkhAddress(child.publicKey!, kind.hrp);
}

/** EIP-55 mixed-case checksum of a 20-byte hex address. */
export function toChecksumAddress(address: string): string {
  const hex = address.toLowerCase().replace(/^0x/, '');
  if (!/^[0-9a-f]{40}$/.test(hex)) throw new Error('Not an Ethereum address');
  const hash = Buffer.from(keccak_256(new TextEncoder().encode(hex))).toString('hex');
  let result = '0x';
  for (let i = 0; i < 40; i += 1) result += parseInt(hash[i]!, 16) >= 8 ? hex[i]!.toUpperCase() : hex[i];
  return result;
}

function ethAddressOfPublicKey(publicKey: Uint8Array): string {
  const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
  const hash = keccak_256(uncompressed.subarray(1));
  return toChecksumAddress(Buffer.from(hash.subarray(12)).toString('hex'));
}

export function deriveEthAddress(extendedPublicKey: string, index: number): string {
  const account = HDKey.fromExtendedKey(extendedPublicKey.trim());
  return ethAddressOfPublicKey(account.deriveChild(0).deriveChild(index).publicKey!);
}

export function isValidBtcAddress(address: string): boolean {
  try {
    const decoded = bech32.decode(address.toLowerCase() as `${string}1${string}`);
    return (decoded.prefix === 'bc' || decoded.prefix === 'tb') && decoded.words[0] === 0;
  } catch {
    return /^[13mn2][1-9A-HJ-NP-Za-km-z]{25,39}$/.test(address);
  }
}

export const isValidEthAddress = (address: string) => /^0x[0-9a-fA-F]{40}$/.test(address);
