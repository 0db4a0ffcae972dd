import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './http/api-client';

/** Spec 000 §9: no polling unless a query asks, no refetch on focus, data never stale, no retries. */
export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
