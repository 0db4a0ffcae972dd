import type { Page } from '@playwright/test';

declare global {
  interface Window {
    __toastTitles?: string[];
  }
}

/**
 * Records the title of every toast shown from now on, in order. The product shows one toast at a time,
 * so a step's first toast ("Alert System") is replaced by its outcome after a second: an assertion that
 * polls for the first can miss it on a busy machine, while this record keeps it.
 */
export async function recordToasts(page: Page) {
  await page.evaluate(() => {
    const titles: string[] = [];
    window.__toastTitles = titles;
    const record = (node: Node) => {
      if (!(node instanceof Element)) return;
      const toasts = node.matches('[data-slot="toast"]') ? [node] : [...node.querySelectorAll('[data-slot="toast"]')];
      for (const toast of toasts) titles.push(toast.querySelector('[data-slot="toast-title"]')?.textContent ?? '');
    };
    new MutationObserver((mutations) => mutations.forEach((mutation) => mutation.addedNodes.forEach(record))).observe(document.body, { childList: true, subtree: true });
  });
  return {
    /**
     * The titles shown since the record started, oldest first: only those named in `among` when given (a
     * live signal another test publishes may raise a toast of its own meanwhile).
     */
    titles: async (among?: readonly string[]) => {
      const titles = await page.evaluate(() => [...(window.__toastTitles ?? [])]);
      return among ? titles.filter((title) => among.includes(title)) : titles;
    },
  };
}
