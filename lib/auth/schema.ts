import { z } from 'zod';
import { boundedText as text, emailAddress as email, requiredSecret, requiredText } from '@/lib/validation/fields';

// The auth forms and route handlers share these schemas, so the browser and the server give the same
// messages (spec 000 §5). Server-only rules (common-password blocklist) live in lib/auth/password.ts.

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
export type MfaVerifySetupInput = z.infer<typeof mfaVerifySetupSchema>;

export const mfaVerifySchema = z
  .object({
    userId: requiredText('userId is required').max(64, 'userId is at most 64 characters'),
    code: requiredText('Please enter a backup code or a 6-digit code').max(32, 'Invalid backup code'),
    useBackup: z.boolean({ error: 'useBackup must be true or false' }).optional().default(false),
  })
  .superRefine((value, ctx) => {
    if (!value.useBackup && !/^\d{6}$/.test(value.code)) ctx.addIssue({ code: 'custom', path: ['code'], message: authenticatorCodeMessage });
  });
export type MfaVerifyInput = z.infer<typeof mfaVerifySchema>;

export const mfaDisableSchema = z.object({ verificationCode: requiredText('verificationCode is required').max(64, 'verificationCode is at most 64 characters') });

/** The marker the client sends to disable 2FA once the verification dialog has succeeded. */
export const mfaDisableMarker = 'VERIFIED';

export const betaCodeSchema = z.object({ code: requiredText('Please enter your invitation code').max(64, 'Invalid Access Code') });
export const betaRequestSchema = z.object({ email });

// Password reset and address verification. The new password follows the registration rules
// (registerSchema's own field, so the messages stay the spec's).

export const forgotPasswordSchema = z.object({ email: registerSchema.shape.email });

const resetToken = requiredText('This reset link is invalid or has expired.').max(200, 'This reset link is invalid or has expired.');

export const resetPasswordSchema = z.object({ token: resetToken, password: registerSchema.shape.password });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const resetPasswordFormSchema = z
  .object({ password: registerSchema.shape.password, confirmPassword: z.string({ error: 'Please confirm your new password' }).min(1, 'Please confirm your new password') })
  .refine((values) => values.password === values.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });

export const verifyEmailSchema = z.object({
  token: requiredText('This verification link is invalid or has expired.').max(200, 'This verification link is invalid or has expired.'),
});
