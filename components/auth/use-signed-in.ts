'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useCallback } from 'react';
import { userQueryKey } from '@/lib/auth/client';

/** After login or registration (spec 000 §4): refetch the current user, then go to `/`. */
export function useAfterSignIn() {
  const queryClient = useQueryClient();
  const router = useRouter();
  return useCallback(async () => {
    await queryClient.refetchQueries({ queryKey: userQueryKey });
    router.replace('/');
    router.refresh();
  }, [queryClient, router]);
}
