/** Writes text to the clipboard; false when the browser refuses (no permission, insecure origin). */
export async function copyToClipboard(text: string): Promise<boolean> {
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
