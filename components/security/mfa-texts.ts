// The two-factor toasts' messages (spec 000 §5, §8), shared by the wizard and the dialog.

export const verifyMessages = {
  sixDigits: 'Please enter a 6-digit code from your authenticator app.',
  codeRequired: 'Please enter a 6-digit code from your authenticator app or one of your backup codes.',
  badCode: 'Invalid code. Please check your authenticator app and try again.',
  badBackup: 'Invalid backup code. Please try another one.',
  verifyError: 'Failed to verify code. Please try again.',
  setupVerifyError: 'Failed to verify setup. Please try again.',
  setupFailed: 'Failed to initiate MFA setup. Please try again.',
  disableFailed: 'Failed to disable MFA. Please try again.',
  generationFailed: 'Failed to generate new backup codes. Please try again.',
} as const;

/** Authenticator codes: digits only, at most six. */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '').slice(0, 6);
}

/** The backup codes as the downloadable text file's content. */
export function backupCodesText(codes: readonly string[], productName: string, now = new Date()): string {
  return [
    `${productName} — two-factor backup codes`,
    `Generated ${now.toISOString()}`,
    '',
    'Each code can be used once to sign in if you lose access to your authenticator app.',
    'Keep them somewhere safe. Generating new codes makes these stop working.',
    '',
    ...codes,
    '',
  ].join('\n');
}
