// The clipboard, for every copy button: the browser may refuse (no permission, an insecure origin),
// and the spec's Copy Failed toast then says what to do instead.

/** Writes text to the clipboard; false when the browser refuses. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export const copyFailedToast = {
  title: 'Copy Failed',
  description: 'Unable to copy to clipboard. Please manually copy the link.',
  variant: 'destructive',
} as const;
