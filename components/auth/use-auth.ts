'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { isEntitled } from '@/lib/auth/access';
import { fetchCurrentUser, logOut, userQueryKey } from '@/lib/auth/client';
import type { PublicUser } from '@/lib/auth/types';
import { clearStorageOnLogout } from '@/lib/beta-storage';

/** The current user (spec 000 §9: fresh 5 minutes, no retry; a 401 reads as signed out). */
export function useAuth() {
  const query = useQuery<PublicUser | null>({
    queryKey: userQueryKey,
    queryFn: fetchCurrentUser,
    staleTime: 300_000,
    retry: false,
  });
  const user = query.data ?? null;
  return {
    user,
    isLoading: query.isLoading,
    isAuthenticated: Boolean(user),
    isEntitled: user ? isEntitled({ ...user, subscriptionEndsAt: user.subscriptionEndsAt }) : false,
    isAdmin: user?.role === 'admin',
    refetch: query.refetch,
  };
}

/** Logout (spec 000 §4): clears all cached data, both storages, then goes to /login. */
export function useLogout() {
  const queryClient = useQueryClient();
  const router = useRouter();
  return useMutation({
    mutationFn: logOut,
    onSettled: () => {
      queryClient.clear();
      queryClient.setQueryData(userQueryKey, null);
      clearStorageOnLogout();
      router.push('/login');
      router.refresh();
    },
  });
}
