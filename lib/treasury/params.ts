import { z } from 'zod';

export const signalTypes = ['sec-filing', 'insider-trading', 'pre-pump', 'board-meeting', 'other'] as const;
export const severities = ['critical', 'high', 'medium', 'low'] as const;
export const discoveryStatuses = ['investigating', 'confirmed', 'watching'] as const;

/**
 * JavaScript dates reach 271,821 BC; PostgreSQL timestamps stop at 4713 BC and refuse the query. Dates
 * from a request stay within years 1-9999, which both databases compare.
 */
export function isStorableDate(date: Date): boolean {
  const year = date.getUTCFullYear();
  return year >= 1 && year <= 9999;
}

const count = (fallback: number, max: number) =>
  z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(max, `must be at most ${max}`).default(fallback);

export const pageQuerySchema = z.object({
  limit: count(100, 1000),
  offset: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(0, 'must not be negative').max(1_000_000).default(0),
});

export const signalsQuerySchema = z.object({
  severity: z.enum(severities, { message: `severity must be one of ${severities.join(', ')}` }).optional(),
  type: z.enum(signalTypes, { message: `type must be one of ${signalTypes.join(', ')}` }).optional(),
  q: z.string().trim().max(200, 'Search text must be at most 200 characters').optional().transform((value) => value || undefined),
  since: z
    .string()
    .optional()
    .transform((value, context) => {
      if (!value) return undefined;
      const date = new Date(value);
      if (Number.isNaN(date.getTime())) {
        context.addIssue({ code: 'custom', message: 'since must be an ISO date, like 2026-01-31 or 2026-01-31T12:00:00Z' });
        return z.NEVER;
      }
      if (!isStorableDate(date)) {
        context.addIssue({ code: 'custom', message: 'since must be a date between the years 1 and 9999' });
        return z.NEVER;
      }
      return date;
    }),
  cursor: z.string().max(200, 'cursor is not valid: take it from the X-Next-Cursor header').optional(),
  limit: count(50, 200),
});

export const discoveriesQuerySchema = z.object({
  status: z.enum(discoveryStatuses, { message: `status must be one of ${discoveryStatuses.join(', ')}` }).optional(),
  limit: count(50, 200),
});

export const trendsQuerySchema = z.object({
  days: z.coerce.number({ message: 'must be a number' }).int().min(1, 'must be at least 1').max(3650, 'must be at most 3650').optional(),
});
