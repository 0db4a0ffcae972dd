'use client';

import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { ThemeProvider } from '@/components/theme/theme-provider';
import { Toaster } from '@/components/ui/toaster';
import { TooltipProvider } from '@/components/ui/tooltip';
import { makeQueryClient } from '@/lib/query-client';

// Zod compiles object parsers with `new Function` where it may; its probe for that is refused and
// reported under the Content-Security-Policy (no 'unsafe-eval'), so the browser's forms run without it.
z.config({ jitless: true });

export function Providers({ children }: { children: React.ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <TooltipProvider delayDuration={200}>
          {children}
          <Toaster />
        </TooltipProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
