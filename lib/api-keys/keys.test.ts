import { apiRateLimitFor, parseRateLimits } from './limits';
import { generateSecret, hashSecret, looksLikeKey, visiblePrefix } from './secret';

describe('secrets', () => {
  it('are 46 characters of 256 random bits, different every time', () => {
    const secrets = new Set(Array.from({ length: 100 }, generateSecret));
    expect(secrets.size).toBe(100);
    for (const secret of secrets) {
      expect(secret).toMatch(/^ti_[A-Za-z0-9_-]{43}$/);
      expect(looksLikeKey(secret)).toBe(true);
    }
  });

  it('hash to hex SHA-256 and show an 11-character prefix', () => {
    expect(hashSecret('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(visiblePrefix('ti_abcdefgh_rest')).toBe('ti_abcdefgh');
  });

  it('refuses tokens of another shape before any lookup', () => {
    for (const token of ['', 'ti_', `ti_${'a'.repeat(42)}`, `ti_${'a'.repeat(44)}`, `xx_${'a'.repeat(43)}`, `ti_${'a'.repeat(42)}=`, `ti_${'é'.repeat(43)}`]) {
      expect(looksLikeKey(token)).toBe(false);
    }
  });
});

describe('rate limits by plan', () => {
  const saved = process.env.API_RATE_LIMITS;
  afterEach(() => {
    process.env.API_RATE_LIMITS = saved;
  });

  it('reads overrides and ignores junk', () => {
    expect(parseRateLimits('starter=10, PROFESSIONAL=20,enterprise=-1,unknown=5,beta=abc')).toEqual({ starter: 10, professional: 20, enterprise: 1200, beta: 60 });
    expect(parseRateLimits(undefined)).toEqual({ starter: 60, professional: 300, enterprise: 1200, beta: 60 });
  });

  it('finds the plan by id or by name; the beta flag alone counts as beta', () => {
    process.env.API_RATE_LIMITS = 'starter=11,professional=22,enterprise=33,beta=44';
    expect(apiRateLimitFor({ subscriptionTier: 'starter' })).toBe(11);
    expect(apiRateLimitFor({ subscriptionTier: 'Basic' })).toBe(11);
    expect(apiRateLimitFor({ subscriptionTier: 'Professional' })).toBe(22);
    expect(apiRateLimitFor({ subscriptionTier: 'enterprise' })).toBe(33);
    expect(apiRateLimitFor({ subscriptionTier: null })).toBe(44);
  });
});
