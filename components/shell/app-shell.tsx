'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useAuth } from '@/components/auth/use-auth';
import { userQueryKey } from '@/lib/auth/client';
import { VerifyEmailBanner } from '@/components/email/verify-email-banner';
import type { PublicUser } from '@/lib/auth/types';
import type { PriceQuote } from '@/lib/market/live';
import { betaAccessKey } from '@/lib/beta-storage';
import { LoadingScreen } from './loading-screen';
import { NavigationBar } from './navigation-bar';
import { PublicHeader } from './public-header';

/**
 * The page frame once the beta gate is passed. The server resolved the user for this request; it
 * seeds the auth query so the first paint knows who is signed in, and the query takes over after.
 */
export function AppShell({ initialUser, btcQuote, children }: { initialUser: PublicUser | null; btcQuote: PriceQuote | null; children: React.ReactNode }) {
  const queryClient = useQueryClient();
  const [seeded] = useState(() => {
    if (queryClient.getQueryData(userQueryKey) === undefined) queryClient.setQueryData(userQueryKey, initialUser);
    return true;
  });
  const { isLoading, user } = useAuth();

  // The gate's cookie is the authority; keep the spec's local flag in step with it.
  useEffect(() => {
    try {
      if (localStorage.getItem(betaAccessKey) !== 'granted') localStorage.setItem(betaAccessKey, 'granted');
    } catch {
      // Storage unavailable: nothing to mirror.
    }
  }, []);

  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-background focus:px-3 focus:py-2">
        Skip to content
      </a>
      {seeded && !isLoading && (user ? <NavigationBar user={user} btcQuote={btcQuote} /> : <PublicHeader />)}
      <main id="main" className="mx-auto w-full max-w-7xl px-4 py-6">
        {user && !user.emailVerified && <VerifyEmailBanner />}
        {isLoading ? <LoadingScreen /> : children}
      </main>
    </>
  );
}
