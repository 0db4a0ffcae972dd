import { NavigationBar } from './navigation-bar';

export function AppShell({ children }: { children: React.ReactNode }) {
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-background focus:px-3 focus:py-2">
        Skip to content
      </a>
      <NavigationBar />
      <main id="main" className="mx-auto w-full max-w-7xl px-4 py-6">
        {children}
      </main>
    </>
  );
}
