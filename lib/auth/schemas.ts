import { z } from 'zod';

// Forms and route handlers share these schemas, so the browser and the server give the same
// messages (spec 000 §5). Server-only rules (common-password blocklist) live in lib/auth/password.ts.

const email = z.string().trim().toLowerCase().max(254, 'Please enter a valid email').pipe(z.email('Please enter a valid email'));
const text = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`);

export const loginSchema = z.object({
  email,
  password: z.string().min(6, 'Password must be at least 6 characters').max(256, 'Password must be at most 256 characters'),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const registerSchema = z.object({
  firstName: text(100).min(1, 'First name is required'),
  lastName: text(100).min(1, 'Last name is required'),
  email,
  password: z.string().min(8, 'Password must be at least 8 characters').max(256, 'Password must be at most 256 characters'),
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** The change-password form; the API receives only currentPassword and newPassword. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required'),
    newPassword: z.string().min(6, 'New password must be at least 6 characters').max(256, 'Password must be at most 256 characters'),
    confirmPassword: z.string().min(1, 'Please confirm your new password'),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type ChangePasswordFormInput = z.infer<typeof changePasswordFormSchema>;

export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, 'Current password is required').max(256, 'Password must be at most 256 characters'),
  newPassword: z.string().min(6, 'New password must be at least 6 characters').max(256, 'Password must be at most 256 characters'),
});

export const authenticatorCodeMessage = 'Please enter a 6-digit code from your authenticator app.';
export const totpCodeSchema = z.string().trim().regex(/^\d{6}$/, authenticatorCodeMessage);
/** Backup codes are compared uppercased; dashes and spaces are ignored. */
export const backupCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .min(1, 'Please enter a backup code')
  .max(32, 'Invalid backup code');

export const mfaVerifySetupSchema = z.object({
  tempSecret: z.string().trim().min(16, 'tempSecret is required').max(128),
  code: totpCodeSchema,
});

export const mfaVerifySchema = z
  .object({
    userId: z.string().trim().min(1, 'userId is required').max(64),
    code: z.string().trim().min(1, 'Please enter a backup code or a 6-digit code').max(32),
    useBackup: z.boolean().optional().default(false),
  })
  .superRefine((value, ctx) => {
    if (!value.useBackup && !/^\d{6}$/.test(value.code)) ctx.addIssue({ code: 'custom', path: ['code'], message: authenticatorCodeMessage });
  });

export const mfaDisableSchema = z.object({ verificationCode: z.string().trim().min(1, 'verificationCode is required').max(64) });

/** The marker the client sends to disable 2FA once the verification dialog has succeeded. */
export const mfaDisableMarker = 'VERIFIED';

export const betaCodeSchema = z.object({ code: z.string().trim().min(1, 'Please enter your invitation code').max(64, 'Invalid Access Code') });
export const betaRequestSchema = z.object({ email });

export const suggestionCategories = ['data-sources', 'dashboard', 'analytics', 'alerts', 'ui-ux', 'integrations', 'mobile', 'other'] as const;
export const priorities = ['low', 'medium', 'high', 'critical'] as const;
export const contactSubjects = ['technical-support', 'billing', 'data-request', 'feature-request', 'partnership', 'general', 'other'] as const;

export const suggestionSchema = z.object({
  category: z.enum(suggestionCategories, { error: 'Please select a category' }),
  title: text(200).min(3, 'Title must be at least 3 characters'),
  description: text(5000).min(10, 'Please provide a detailed description (minimum 10 characters)'),
  priority: z.enum(priorities, { error: 'Please select a priority level' }),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, 'Please enter a valid email')
    .optional()
    .transform((value) => value || undefined)
    .pipe(z.email('Please enter a valid email').optional()),
});
export type SuggestionInput = z.input<typeof suggestionSchema>;

export const contactSchema = z.object({
  name: text(200).min(2, 'Name must be at least 2 characters'),
  email,
  subject: z.enum(contactSubjects, { error: 'Please select a subject' }),
  message: text(5000).min(10, 'Message must be at least 10 characters'),
  urgency: z.enum(priorities, { error: 'Please select urgency level' }),
});
export type ContactInput = z.input<typeof contactSchema>;

export const affiliateLinkSchema = z.object({ name: text(100).min(1, 'Please enter a link name') });
