import { z } from 'zod';
import { optionalText, requiredChoice, requiredSecret, requiredText } from '@/lib/validation/fields';

// Forms and route handlers share these schemas, so the browser and the server give the same
// messages (spec 000 §5). Server-only rules (common-password blocklist) live in lib/auth/password.ts.

const emailMessage = 'Please enter a valid email';
const email = requiredText(emailMessage).toLowerCase().max(254, emailMessage).pipe(z.email(emailMessage));
/** Required text of `min` to `max` characters; absent, wrong-typed and too short all read `message`. */
const text = (message: string, max: number, min = 1) => requiredText(message, min).max(max, `Must be at most ${max} characters`);
const tooLongPassword = 'Password must be at most 256 characters';

export const loginSchema = z.object({
  email,
  password: requiredSecret('Password must be at least 6 characters', 6).max(256, tooLongPassword),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const registerSchema = z.object({
  firstName: text('First name is required', 100),
  lastName: text('Last name is required', 100),
  email,
  password: requiredSecret('Password must be at least 8 characters', 8).max(256, tooLongPassword),
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** The change-password form; the API receives only currentPassword and newPassword. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: requiredSecret('Current password is required'),
    newPassword: requiredSecret('New password must be at least 6 characters', 6).max(256, tooLongPassword),
    confirmPassword: requiredSecret('Please confirm your new password'),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type ChangePasswordFormInput = z.infer<typeof changePasswordFormSchema>;

export const changePasswordSchema = z.object({
  currentPassword: requiredSecret('Current password is required').max(256, tooLongPassword),
  newPassword: requiredSecret('New password must be at least 6 characters', 6).max(256, tooLongPassword),
});

export const authenticatorCodeMessage = 'Please enter a 6-digit code from your authenticator app.';
export const totpCodeSchema = z.string({ error: authenticatorCodeMessage }).trim().regex(/^\d{6}$/, authenticatorCodeMessage);
/** Backup codes are compared uppercased; dashes and spaces are ignored. */
export const backupCodeSchema = requiredText('Please enter a backup code').toUpperCase().max(32, 'Invalid backup code');

export const mfaVerifySetupSchema = z.object({
  tempSecret: requiredText('tempSecret is required', 16).max(128, 'tempSecret is at most 128 characters'),
  code: totpCodeSchema,
});

export const mfaVerifySchema = z
  .object({
    userId: requiredText('userId is required').max(64, 'userId is at most 64 characters'),
    code: requiredText('Please enter a backup code or a 6-digit code').max(32, 'Invalid backup code'),
    useBackup: z.boolean({ error: 'useBackup must be true or false' }).optional().default(false),
  })
  .superRefine((value, ctx) => {
    if (!value.useBackup && !/^\d{6}$/.test(value.code)) ctx.addIssue({ code: 'custom', path: ['code'], message: authenticatorCodeMessage });
  });

export const mfaDisableSchema = z.object({ verificationCode: requiredText('verificationCode is required').max(64, 'verificationCode is at most 64 characters') });

/** The marker the client sends to disable 2FA once the verification dialog has succeeded. */
export const mfaDisableMarker = 'VERIFIED';

export const betaCodeSchema = z.object({ code: requiredText('Please enter your invitation code').max(64, 'Invalid Access Code') });
export const betaRequestSchema = z.object({ email });

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

export const affiliateLinkSchema = z.object({ name: text('Please enter a link name', 100) });
