import { isUniqueViolation } from './errors';

describe('isUniqueViolation', () => {
  it("recognises Prisma's unique-constraint code from either database", () => {
    expect(isUniqueViolation({ code: 'P2002', meta: { target: ['email'] } })).toBe(true);
  });

  it('is false for any other error or value', () => {
    expect(isUniqueViolation({ code: 'P2025' })).toBe(false);
    expect(isUniqueViolation(new Error('P2002'))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
    expect(isUniqueViolation('P2002')).toBe(false);
  });
});
