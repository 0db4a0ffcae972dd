import { z } from 'zod';
import { requiredText } from '@/lib/validation/fields';
import { deliverySchema, digestSchema, type Delivery, type Digest } from '../signals/delivery';

// The account page's notification preferences: the digest, and the delivery of each alert rule and
// each report schedule.

const id = requiredText('id is required').max(64, 'id must be at most 64 characters');
const alertChoice = z.object({ id, delivery: deliverySchema }, { error: 'Each alert needs an id and a delivery' });
const reportChoice = z.object({ scheduleId: id, delivery: deliverySchema }, { error: 'Each report needs a scheduleId and a delivery' });

export const notificationPreferencesSchema = z.object({
  digest: digestSchema.optional(),
  alerts: z.array(alertChoice, { error: 'alerts must be a list of { id, delivery }' }).max(500, 'At most 500 alert rules at once').optional(),
  reports: z.array(reportChoice, { error: 'reports must be a list of { scheduleId, delivery }' }).max(50, 'At most 50 report schedules at once').optional(),
});
export type NotificationPreferencesInput = z.infer<typeof notificationPreferencesSchema>;

export interface NotificationPreferencesDto {
  email: string;
  emailVerified: boolean;
  digest: Digest;
  alerts: { id: string; kind: string; companyName: string | null; thresholdPct: number | null; delivery: Delivery }[];
  reports: { scheduleId: string; name: string; timing: string; status: string; delivery: Delivery }[];
}
