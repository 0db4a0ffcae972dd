import { pbkdf2 } from '@noble/hashes/pbkdf2.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { HDKey } from '@scure/bip32';
import { deriveBtcAddress, deriveEthAddress, toChecksumAddress } from './addresses';

// Test vectors: BIP84 (mnemonic "abandon ×11 about", account m/84'/0'/0') and EIP-55.

const mnemonic = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const seed = pbkdf2(sha512, mnemonic, 'mnemonic', { c: 2048, dkLen: 64 });
const bip84Zpub = 'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';

describe('BTC receiving addresses (BIP84)', () => {
  it('the BIP84 account zpub of the test mnemonic is the one the BIP lists', () => {
    const account = HDKey.fromMasterSeed(seed, { private: 0x04b2430c, public: 0x04b24746 }).derive("m/84'/0'/0'");
    expect(account.publicExtendedKey).toBe(bip84Zpub);
  });

  it('derives the BIP84 first and second receive addresses from the zpub', () => {
    expect(deriveBtcAddress(bip84Zpub, 0)).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    expect(deriveBtcAddress(bip84Zpub, 1)).toBe('bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g');
  });

  it('gives the same address from the same key written as an xpub', () => {
    const xpub = HDKey.fromMasterSeed(seed).derive("m/84'/0'/0'").publicExtendedKey;
    expect(xpub.startsWith('xpub')).toBe(true);
    expect(deriveBtcAddress(xpub, 0)).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
  });

  it('refuses a key that is not an extended public key', () => {
    expect(() => deriveBtcAddress('not-a-key', 0)).toThrow();
  });
});

describe('ETH receiving addresses', () => {
  it('applies the EIP-55 checksum (the EIP\'s own examples)', () => {
    for (const address of ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB', '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb']) {
      expect(toChecksumAddress(address.toLowerCase())).toBe(address);
    }
  });

  it("derives m/44'/60'/0'/0/0 of the test mnemonic from the account xpub", () => {
    const xpub = HDKey.fromMasterSeed(seed).derive("m/44'/60'/0'").publicExtendedKey;
    expect(deriveEthAddress(xpub, 0)).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
  });
});
