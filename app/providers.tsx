'use client';

import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { ThemeProvider } from '@/components/theme/theme-provider';
import { Toaster } from '@/components/ui/toaster';
import { makeQueryClient } from '@/lib/query-client';

// Zod compiles object parsers with `new Function` where it may; its probe for that is refused and
// reported under the Content-Security-Policy (no 'unsafe-eval'), so the browser's forms run without it.
// Zod keeps its settings in one object on globalThis (`config()` in zod/v4/core writes there, and
// zod adopts an object already present when it loads). Setting it here rather than calling `config()`
// keeps zod itself (15 KB of its core were left after tree shaking) out of every page's first-load
// JavaScript; forms load zod with their schemas. e2e/content-security-policy.spec.ts watches for the probe.
const zodSettings = globalThis as typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };
(zodSettings.__zod_globalConfig ??= {}).jitless = true;

export function Providers({ children }: { children: React.ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        {children}
        <Toaster />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
