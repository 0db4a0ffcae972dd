'use client';

import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { config as configureZod } from 'zod/v4/core';
import { ThemeProvider } from '@/components/theme/theme-provider';
import { Toaster } from '@/components/ui/toaster';
import { makeQueryClient } from '@/lib/query-client';

// Zod compiles object parsers with `new Function` where it may; its probe for that is refused and
// reported under the Content-Security-Policy (no 'unsafe-eval'), so the browser's forms run without it.
// The setting lives in zod's core module alone: importing it from there keeps the rest of zod (what
// forms import with their schemas) out of every page's first-load JavaScript.
configureZod({ jitless: true });

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
