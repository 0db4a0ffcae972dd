import type { BrowserContext, ConsoleMessage, Page } from '@playwright/test';

// What a Content-Security-Policy refused in a page: the browser's securitypolicyviolation events
// (recorded from the first script on, in every frame of ours) and its console reports of them.

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

export async function recordCspViolations(context: BrowserContext) {
  await context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations!.push(`${event.effectiveDirective} refused ${event.blockedURI || 'inline'} (${event.sourceFile || event.documentURI}:${event.lineNumber})`);
    });
  });
}

export function watchCspConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (/Content Security Policy|Content-Security-Policy|Permissions-Policy/i.test(message.text())) messages.push(`${message.type()}: ${message.text()}`);
  });
  return messages;
}

export async function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => window.__cspViolations ?? []);
}

export function nonceOf(policy: string | null | undefined): string | undefined {
  return policy?.match(/'nonce-([^']+)'/)?.[1];
}
