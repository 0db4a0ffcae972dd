import { z } from 'zod';

// Where an alert rule's or a report schedule's notifications go (issue 16). Rules made before the
// choice existed have none stored: in-app, as they always were.

export const deliveryChoices = ['in_app', 'email', 'both'] as const;
export type Delivery = (typeof deliveryChoices)[number];
export const deliverySchema = z.enum(deliveryChoices, { error: 'delivery must be in_app, email or both' });
export const emailDeliveries: Delivery[] = ['email', 'both'];

export const digestChoices = ['off', 'daily', 'weekly'] as const;
export type Digest = (typeof digestChoices)[number];
export const digestSchema = z.enum(digestChoices, { error: 'digest must be off, daily or weekly' });

export const deliveryLabels: Record<Delivery, string> = { in_app: 'In-app', email: 'Email', both: 'In-app and email' };
export const digestLabels: Record<Digest, string> = { off: 'Off', daily: 'Daily', weekly: 'Weekly' };

export function asDelivery(value: string | null | undefined): Delivery {
  return (deliveryChoices as readonly string[]).includes(value ?? '') ? (value as Delivery) : 'in_app';
}
