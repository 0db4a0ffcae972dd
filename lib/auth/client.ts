import { apiRequest, getJson } from '@/lib/http/api-client';
import { isEntitled } from './access';
import type { LoginInput, RegisterInput } from './schema';
import type { MfaChallenge, MfaStatus, PublicUser, RiskAssessment } from './types';

// The browser side of accounts, two-factor authentication and the beta gate: react-query keys and
// the fetchers over lib/http/api-client.ts that the components' useQuery/useMutation call.

export const userQueryKey = ['/api/auth/user'] as const;
export const mfaStatusKey = ['/api/auth/mfa/status'] as const;
export const riskAssessmentKey = ['/api/auth/risk-assessment'] as const;

/** Each read answers null for a 401: signed out is "no data", not an error. */
export const fetchCurrentUser = () => getJson<PublicUser>(userQueryKey[0], { on401: 'returnNull' });
export const fetchMfaStatus = () => getJson<MfaStatus>(mfaStatusKey[0], { on401: 'returnNull' });
export const fetchRiskAssessment = () => getJson<RiskAssessment>(riskAssessmentKey[0], { on401: 'returnNull' });

/** Whether this browser holds a signed-in, entitled session (what /ws asks); throws when the server cannot say. */
export async function hasEntitledSession(): Promise<boolean> {
  const user = await fetchCurrentUser();
  return user !== null && isEntitled(user);
}

async function postJson<T>(url: string, body?: unknown): Promise<T> {
  return (await (await apiRequest('POST', url, body)).json()) as T;
}

interface Message {
  message: string;
}

/** A session, or (two-factor on) the challenge the verification dialog answers. */
export const logIn = (input: LoginInput) => postJson<Partial<MfaChallenge>>('/api/auth/login', input);
export const register = (input: RegisterInput) => apiRequest('POST', '/api/auth/register', input);
export const logOut = () => apiRequest('POST', '/api/auth/logout');
export const changePassword = (input: { currentPassword: string; newPassword: string }) => apiRequest('POST', '/api/auth/change-password', input);
export const requestPasswordReset = (input: { email: string }) => postJson<Message>('/api/auth/forgot-password', input);
export const resetPassword = (input: { token: string; password: string }) => postJson<Message>('/api/auth/reset-password', input);
export const resendVerificationEmail = () => postJson<Message>('/api/auth/verify-email/resend', {});
/** A mail link's action (verify an address, unsubscribe): the endpoint answers a message to show. */
export const postTokenAction = ({ endpoint, body }: { endpoint: string; body?: Record<string, string> }) => postJson<Message>(endpoint, body ?? {});

export interface MfaSetup {
  secret: string;
  qrCodeSvg: string;
  manualEntryKey: string;
}

export const startMfaSetup = () => postJson<MfaSetup>('/api/auth/mfa/setup');
export const confirmMfaSetup = (input: { tempSecret: string; code: string }) => postJson<{ success: boolean; backupCodes?: string[] }>('/api/auth/mfa/verify-setup', input);
export const verifyMfaCode = (input: { userId: string; code: string; useBackup: boolean }) => postJson<{ valid: boolean }>('/api/auth/mfa/verify', input);
export const disableMfa = (verificationCode: string) => apiRequest('POST', '/api/auth/mfa/disable', { verificationCode });
export const regenerateBackupCodes = () => postJson<{ backupCodes: string[] }>('/api/auth/mfa/regenerate-backup-codes');
export const dismissMfaPrompt = () => apiRequest('POST', '/api/auth/mfa/dismiss-prompt');

export const verifyBetaCode = (code: string) => apiRequest('POST', '/api/beta/verify', { code });
export const requestBetaAccess = (email: string) => apiRequest('POST', '/api/beta/request', { email });
export const resetBetaGate = () => apiRequest('POST', '/api/beta/reset');
