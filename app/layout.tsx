import type { Metadata, Viewport } from 'next';
import { headers } from 'next/headers';
import { LazyBetaGate } from '@/components/beta/lazy-beta-gate';
import { AppShell } from '@/components/shell/app-shell';
import { getPageViewer } from '@/lib/auth/page-guard';
import { toPublicUser } from '@/lib/auth/viewer';
import { db } from '@/lib/db';
import { originString, publicOrigin } from '@/lib/http/public-origin';
import { cspScopeHeader, nonceHeader } from '@/lib/web/security-headers';
import { latestQuote } from '@/lib/market/quote';
import { productName, productTagline } from '@/lib/brand';
import { themeBootScript } from '@/lib/theme';
import { geistMono, geistSans } from './fonts';
import { Providers } from './providers';
import './globals.css';

const title = `${productName} — ${productTagline}`;
const description = 'Holdings, health grades, risk and conviction scores, and SEC filing signals for the public companies that hold Bitcoin.';

// Link previews need absolute image URLs: they are built on the host the page was requested on, so
// each preview deployment points at its own Open Graph image. The files live in public/.
export async function generateMetadata(): Promise<Metadata> {
  const requestHeaders = await headers();
  const origin = publicOrigin(requestHeaders, `http://${requestHeaders.get('host') ?? 'localhost'}/`);
  const image = { url: '/og-image.png', width: 1200, height: 630, alt: `${productName}: ${productTagline}` };
  return {
    metadataBase: new URL(originString(origin)),
    title: { default: title, template: `%s · ${productName}` },
    description,
    applicationName: productName,
    manifest: '/manifest.webmanifest',
    icons: {
      icon: [
        { url: '/favicon.ico', sizes: '48x48' },
        { url: '/icons/icon.svg', type: 'image/svg+xml' },
        { url: '/icons/icon-192.png', type: 'image/png', sizes: '192x192' },
        { url: '/icons/icon-512.png', type: 'image/png', sizes: '512x512' },
      ],
      apple: [{ url: '/apple-touch-icon.png', type: 'image/png', sizes: '180x180' }],
    },
    openGraph: { type: 'website', siteName: productName, title, description, images: [image] },
    twitter: { card: 'summary_large_image', title, description, images: [image] },
  };
}

export const viewport: Viewport = {
  themeColor: [
    { media: '(prefers-color-scheme: dark)', color: '#0b1120' },
    { media: '(prefers-color-scheme: light)', color: '#ffffff' },
  ],
};

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const requestHeaders = await headers();
  // Set by middleware.ts with the response's Content-Security-Policy; a script without it is refused.
  const nonce = requestHeaders.get(nonceHeader) ?? undefined;
  // Records which policy this document was loaded with (components/security/payment-document-guard.tsx).
  const scopeScript = `document.documentElement.setAttribute('data-csp-scope',${JSON.stringify(requestHeaders.get(cspScopeHeader) ?? 'site')});`;
  const viewer = await getPageViewer(db);
  // The navigation bar's price is server-rendered with the page, so it never flashes empty.
  const btcQuote = viewer.betaPassed && viewer.user ? await latestQuote(db, 'BTC').catch(() => null) : null;
  return (
    // The boot script sets the theme class before paint; React must not fight it on hydration.
    <html lang="en" className={`${geistSans.variable} ${geistMono.variable} dark`} suppressHydrationWarning>
      <head>
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: themeBootScript + scopeScript }} />
      </head>
      <body className="min-h-screen bg-background font-sans text-foreground antialiased">
        <Providers>
          {viewer.betaPassed ? <AppShell initialUser={viewer.user ? toPublicUser(viewer.user) : null} btcQuote={btcQuote}>{children}</AppShell> : <LazyBetaGate />}
        </Providers>
      </body>
    </html>
  );
}
