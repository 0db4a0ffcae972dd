'use client';

import { ErrorFallback } from '@/components/errors/error-fallback';
import { themeBootScript } from '@/lib/theme';
import './globals.css';

// Replaces the root layout when it fails, so it brings its own <html> and theme.
export default function GlobalError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en" className="dark" suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: themeBootScript }} />
      </head>
      <body className="min-h-screen bg-background font-sans text-foreground antialiased">
        <main className="px-4 py-6">
          <ErrorFallback {...props} />
        </main>
      </body>
    </html>
  );
}
