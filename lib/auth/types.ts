/** The current user as GET /api/auth/user answers it (spec 000 §3 plus the account's flags). */
export interface PublicUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: string;
  subscriptionStatus: string;
  subscriptionTier: string | null;
  subscriptionEndsAt: string | null;
  betaAccess: boolean;
  mfaEnabled: boolean;
  /** Whether the address is confirmed (issue 16): until then no alert or report mail is sent. */
  emailVerified: boolean;
  createdAt: string;
}

export interface MfaStatus {
  enabled: boolean;
  backupCodesRemaining: number;
  promptDismissed: boolean;
}

export interface RiskAssessment {
  riskLevel: 'high' | 'medium' | 'low';
  recommendations: { message: string; benefits: string[] };
}

/** POST /api/auth/login when the account has two-factor on: no session yet, verify next. */
export interface MfaChallenge {
  mfaRequired: true;
  userId: string;
  message: string;
}
