'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { fetchMfaStatus, fetchRiskAssessment, mfaStatusKey, riskAssessmentKey, userQueryKey } from '@/lib/auth/client';

export function useMfaStatus(enabled = true) {
  return useQuery({ queryKey: mfaStatusKey, queryFn: fetchMfaStatus, enabled });
}

export function useRiskAssessment(enabled = true) {
  return useQuery({ queryKey: riskAssessmentKey, queryFn: fetchRiskAssessment, enabled });
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
