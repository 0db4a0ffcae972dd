'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { userQueryKey } from '@/components/auth/use-auth';
import type { MfaStatus, RiskAssessment } from '@/lib/auth/types';
import { getQueryFn } from '@/lib/http/api-client';

const mfaStatusKey = ['/api/auth/mfa/status'] as const;
const riskAssessmentKey = ['/api/auth/risk-assessment'] as const;

export function useMfaStatus(enabled = true) {
  return useQuery<MfaStatus | null>({ queryKey: mfaStatusKey, queryFn: getQueryFn<MfaStatus>({ on401: 'returnNull' }), enabled });
}

export function useRiskAssessment(enabled = true) {
  return useQuery<RiskAssessment | null>({ queryKey: riskAssessmentKey, queryFn: getQueryFn<RiskAssessment>({ on401: 'returnNull' }), enabled });
}

/** Refetches everything that depends on the account's two-factor state. */
export function useRefreshSecurity() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: mfaStatusKey }),
        queryClient.invalidateQueries({ queryKey: riskAssessmentKey }),
        queryClient.invalidateQueries({ queryKey: userQueryKey }),
      ]),
    [queryClient],
  );
}
