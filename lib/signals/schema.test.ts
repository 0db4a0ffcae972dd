import { decodeCursor } from './repository';
import { signalsQuerySchema } from './schema';

const cursor = (text: string) => Buffer.from(text).toString('base64url');

describe('signal query dates', () => {
  it('refuses a since date neither database can compare', () => {
    expect(signalsQuerySchema.safeParse({ since: '2026-01-31' }).success).toBe(true);
    const ancient = signalsQuerySchema.safeParse({ since: '-271821-04-20T00:00:00.000Z' });
    expect(ancient.error?.issues[0]?.message).toBe('since must be a date between the years 1 and 9999');
    expect(signalsQuerySchema.safeParse({ since: '+275760-09-13T00:00:00.000Z' }).success).toBe(false);
  });

  it('reads a cursor only when its date and id are usable', () => {
    expect(decodeCursor(cursor('2026-01-01T00:00:00.000Z|clabc'))).toEqual({ detectedAt: new Date('2026-01-01T00:00:00.000Z'), id: 'clabc' });
    expect(decodeCursor(cursor('-271821-04-20T00:00:00.000Z|clabc'))).toBeNull();
    expect(decodeCursor(cursor('2026-01-01T00:00:00.000Z|a\u0000b'))).toBeNull();
    expect(decodeCursor(cursor(`2026-01-01T00:00:00.000Z|${'x'.repeat(65)}`))).toBeNull();
    expect(decodeCursor('garbage')).toBeNull();
  });
});
