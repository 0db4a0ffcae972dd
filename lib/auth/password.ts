import crypto from 'node:crypto';
import { promisify } from 'node:util';

// scrypt at one of OWASP's recommended settings (N=2^15, r=8, p=3: 32 MiB per hash) — the same
// work as N=2^17, p=1 with a quarter of the memory, so concurrent sign-ins stay affordable.
// Stored as `scrypt$N$r$p$salt$hash`, so the cost can rise later without breaking old hashes.

const scrypt = promisify(crypto.scrypt) as (password: string, salt: Buffer, keylen: number, options: crypto.ScryptOptions) => Promise<Buffer>;
const cost = { N: 2 ** 15, r: 8, p: 3 };
const keyLength = 32;

function maxmem(N: number, r: number, p: number) {
  return 128 * N * r + 128 * r * p + 1024 * 1024;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const hash = await scrypt(password.normalize('NFKC'), salt, keyLength, { ...cost, maxmem: maxmem(cost.N, cost.r, cost.p) });
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const N = Number(n);
  const R = Number(r);
  const P = Number(p);
  const actual = await scrypt(password.normalize('NFKC'), Buffer.from(salt, 'base64url'), expected.length, { N, r: R, p: P, maxmem: maxmem(N, R, P) });
  return crypto.timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check, so an unknown email cannot be told from a wrong password. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(crypto.randomBytes(16).toString('hex'));
  await verifyPassword(password, await dummyHash);
  return false;
}

export const commonPasswordMessage = 'This password is too common. Please choose a less predictable password.';

// The most used passwords in public breach corpora (six characters and longer, lowercased).
const commonPasswords = new Set(
  `123456 1234567 12345678 123456789 1234567890 12345678910 password password1 password12 password123
  password! passw0rd p@ssword p@ssw0rd qwerty qwerty1 qwerty12 qwerty123 qwertyuiop qwerty123456 111111 1111111 11111111
  000000 00000000 123123 123123123 654321 666666 7777777 88888888 987654321 121212 112233 123321 abc123 abc12345 abcd1234
  1q2w3e 1q2w3e4r 1q2w3e4r5t 1qaz2wsx zaq12wsx iloveyou iloveyou1 princess sunshine football baseball basketball
  welcome welcome1 welcome123 letmein letmein1 monkey dragon master master123 shadow superman batman trustno1
  michael jennifer jordan23 charlie hunter2 freedom whatever starwars computer internet michelle jessica
  ashley bailey buster soccer hockey killer pepper ginger summer mustang access secret secret123 login admin
  admin123 administrator changeme changeme123 default guest root toor test1234 testing test123 qazwsx
  asdfgh asdfghjk asdfghjkl zxcvbnm zxcvbnm1 1234qwer q1w2e3r4 q1w2e3r4t5 aa123456 a1b2c3d4 696969
  bitcoin bitcoin1 bitcoin123 satoshi satoshi1 crypto123 blockchain ethereum hodl1234 tothemoon
  11223344 12341234 123654 147258369 159753 5201314 987654 999999 99999999 555555 222222 333333 444444
  loveme lovely flower hello123 hello1234 maggie daniel thomas andrew joshua matthew robert patrick
  football1 baseball1 iloveu yankees cheese chelsea arsenal liverpool naruto pokemon minecraft`
    .split(/\s+/)
    .filter(Boolean),
);

export function isCommonPassword(password: string): boolean {
  const lowered = password.toLowerCase();
  return commonPasswords.has(lowered) || /^(.)\1+$/.test(password) || /^(0123456789|1234567890|9876543210)+$/.test(password);
}
