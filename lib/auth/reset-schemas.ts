import { z } from 'zod';
import { requiredText } from '../validation/fields';
import { registerSchema } from './schemas';

// Password reset and address verification forms. The new password follows the registration rules
// (registerSchema's own field, so the messages stay the spec's).

export const forgotPasswordSchema = z.object({ email: registerSchema.shape.email });

const token = requiredText('This reset link is invalid or has expired.').max(200, 'This reset link is invalid or has expired.');

export const resetPasswordSchema = z.object({ token, password: registerSchema.shape.password });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const resetPasswordFormSchema = z
  .object({ password: registerSchema.shape.password, confirmPassword: z.string({ error: 'Please confirm your new password' }).min(1, 'Please confirm your new password') })
  .refine((values) => values.password === values.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });

export const verifyEmailSchema = z.object({
  token: requiredText('This verification link is invalid or has expired.').max(200, 'This verification link is invalid or has expired.'),
});
