import { z } from 'zod';

// Shared by the account page's form and the route that creates a key.

export const apiKeyNameMaxLength = 60;

export const createApiKeySchema = z.object({
  name: z
    .string({ message: 'Enter a name for the key.' })
    .trim()
    .min(1, 'Enter a name for the key.')
    .max(apiKeyNameMaxLength, `Use at most ${apiKeyNameMaxLength} characters.`)
    .regex(/^[^\u0000-\u001f\u007f]*$/, 'Use letters, digits, spaces and punctuation only.'),
  /** Days until the key expires; null or absent = never. */
  expiresInDays: z
    .number({ message: 'Choose an expiry.' })
    .int('Choose an expiry.')
    .min(1, 'Choose an expiry.')
    .max(365, 'A key can last at most 365 days.')
    .nullable()
    .optional(),
});

export type CreateApiKeyInput = z.infer<typeof createApiKeySchema>;

export const expiryChoices = [
  { value: 'never', label: 'Never', days: null },
  { value: '30', label: '30 days', days: 30 },
  { value: '90', label: '90 days', days: 90 },
  { value: '365', label: '1 year', days: 365 },
] as const;

/** A key as its owner sees it: never the secret, only its visible prefix. */
export interface ApiKeyDto {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
  lastUsedAt: string | null;
  useCount: number;
  status: 'active' | 'expired' | 'revoked';
}
