import type { Metadata, Viewport } from 'next';
import { GeistMono } from 'geist/font/mono';
import { GeistSans } from 'geist/font/sans';
import { BetaGate } from '@/components/beta/beta-gate';
import { AppShell } from '@/components/shell/app-shell';
import { getPageViewer } from '@/lib/auth/page-guard';
import { toPublicUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { latestQuote } from '@/lib/market/quote';
import { productName, productTagline } from '@/lib/brand';
import { themeBootScript } from '@/lib/theme';
import { Providers } from './providers';
import './globals.css';

export const metadata: Metadata = {
  title: { default: `${productName} — ${productTagline}`, template: `%s · ${productName}` },
  description: 'Holdings, health grades, risk and conviction scores, and SEC filing signals for the public companies that hold Bitcoin.',
};

export const viewport: Viewport = {
  themeColor: [
    { media: '(prefers-color-scheme: dark)', color: '#0b1120' },
    { media: '(prefers-color-scheme: light)', color: '#ffffff' },
  ],
};

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const viewer = await getPageViewer();
  // The navigation bar's price is server-rendered with the page, so it never flashes empty.
  const btcQuote = viewer.betaPassed && viewer.user ? await latestQuote(db, 'BTC').catch(() => null) : null;
  return (
    // The boot script sets the theme class before paint; React must not fight it on hydration.
    <html lang="en" className={`${GeistSans.variable} ${GeistMono.variable} dark`} suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: themeBootScript }} />
      </head>
      <body className="min-h-screen bg-background font-sans text-foreground antialiased">
        <Providers>
          {viewer.betaPassed ? <AppShell initialUser={viewer.user ? toPublicUser(viewer.user) : null} btcQuote={btcQuote}>{children}</AppShell> : <BetaGate />}
        </Providers>
      </body>
    </html>
  );
}
