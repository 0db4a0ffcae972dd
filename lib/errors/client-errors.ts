import { z } from 'zod';
import type { Db } from '../db';

export const clientErrorSchema = z.object({
  referenceId: z.string().trim().regex(/^ERR-[A-Z0-9]{1,16}$/, 'Invalid reference ID'),
  message: z.string().trim().min(1, 'Message is required').max(2000),
  stack: z.string().max(8000).optional(),
  digest: z.string().max(200).optional(),
  url: z.string().max(2000).optional(),
});
export type ClientErrorInput = z.infer<typeof clientErrorSchema>;

export async function recordClientError(db: Db, input: ClientErrorInput, userAgent: string | null) {
  return db.clientErrorReport.create({
    data: { ...input, userAgent: userAgent?.slice(0, 500) ?? null },
    select: { id: true, referenceId: true },
  });
}
