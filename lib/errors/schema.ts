import { z } from 'zod';
import { requiredText } from '@/lib/validation/fields';

/** A crash report from the browser's error screen (components/errors/error-fallback.tsx). */
export const clientErrorSchema = z.object({
  referenceId: z.string({ error: 'Invalid reference ID' }).trim().regex(/^ERR-[A-Z0-9]{1,16}$/, 'Invalid reference ID'),
  message: requiredText('Message is required').max(2000, 'Message must be at most 2000 characters'),
  stack: z.string({ error: 'stack must be text' }).max(8000, 'stack must be at most 8000 characters').optional(),
  digest: z.string({ error: 'digest must be text' }).max(200, 'digest must be at most 200 characters').optional(),
  url: z.string({ error: 'url must be text' }).max(2000, 'url must be at most 2000 characters').optional(),
});
export type ClientErrorInput = z.infer<typeof clientErrorSchema>;
