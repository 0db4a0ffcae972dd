import { z } from 'zod';
import { countParam } from '../validation/fields';

// Query parameters of the treasury endpoints (holdings, companies, discoveries, trends).

export const discoveryStatuses = ['investigating', 'confirmed', 'watching'] as const;

export const pageQuerySchema = z.object({
  limit: countParam(100, 1000),
  offset: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(0, 'must not be negative').max(1_000_000).default(0),
});

export const discoveriesQuerySchema = z.object({
  status: z.enum(discoveryStatuses, { message: `status must be one of ${discoveryStatuses.join(', ')}` }).optional(),
  limit: countParam(50, 200),
});

export const trendsQuerySchema = z.object({
  days: z.coerce.number({ message: 'must be a number' }).int().min(1, 'must be at least 1').max(3650, 'must be at most 3650').optional(),
});
