// The manual refresh's toasts, word for word from spec 001 §8.

interface ToastOptions {
  title: string;
  description: string;
  variant?: 'destructive';
}

export function refreshSuccessToast(remainingDaily: number): ToastOptions {
  return { title: 'Data Refreshed', description: `${remainingDaily} ${remainingDaily === 1 ? 'refresh' : 'refreshes'} remaining today` };
}

/** A message containing 429 is the daily limit: the server's message, or the spec's fallback. */
export function refreshErrorToast(error: unknown): ToastOptions {
  const message = error instanceof Error ? error.message : String(error);
  if (message.includes('429')) {
    const serverMessage = (error as { serverMessage?: unknown }).serverMessage;
    return { title: 'Rate Limit Reached', description: typeof serverMessage === 'string' && serverMessage ? serverMessage : 'Please wait before refreshing again', variant: 'destructive' };
  }
  return { title: 'Refresh Failed', description: 'Unable to refresh data at this time', variant: 'destructive' };
}
