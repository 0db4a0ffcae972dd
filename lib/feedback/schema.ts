import { z } from 'zod';
import { boundedText as text, emailAddress as email, emailMessage, optionalText, requiredChoice } from '@/lib/validation/fields';

// The suggestion and contact forms (spec 000 §5) and their route handlers share these schemas, so the
// browser and the server give the same messages.

export const suggestionCategories = ['data-sources', 'dashboard', 'analytics', 'alerts', 'ui-ux', 'integrations', 'mobile', 'other'] as const;
export const priorities = ['low', 'medium', 'high', 'critical'] as const;
export const contactSubjects = ['technical-support', 'billing', 'data-request', 'feature-request', 'partnership', 'general', 'other'] as const;

export const suggestionSchema = z.object({
  category: requiredChoice(suggestionCategories, 'Please select a category'),
  title: text('Title must be at least 3 characters', 200, 3),
  description: text('Please provide a detailed description (minimum 10 characters)', 5000, 10),
  priority: requiredChoice(priorities, 'Please select a priority level'),
  email: optionalText(emailMessage, 254)
    .transform((value) => value?.toLowerCase() || undefined)
    .pipe(z.email(emailMessage).optional()),
});
export type SuggestionInput = z.input<typeof suggestionSchema>;

export const contactSchema = z.object({
  name: text('Name must be at least 2 characters', 200, 2),
  email,
  subject: requiredChoice(contactSubjects, 'Please select a subject'),
  message: text('Message must be at least 10 characters', 5000, 10),
  urgency: requiredChoice(priorities, 'Please select urgency level'),
});
export type ContactInput = z.input<typeof contactSchema>;
