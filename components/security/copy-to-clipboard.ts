import { toast } from '@/components/ui/use-toast';
import { verifyMessages } from './mfa-texts';

/** Copies text, with the spec's Copy Failed toast when the browser refuses. */
export async function copyToClipboard(text: string, copied: { title: string; description?: string }): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    toast({ ...copied, variant: 'success' });
    return true;
  } catch {
    toast({ title: 'Copy Failed', description: verifyMessages.copyFailed, variant: 'destructive' });
    return false;
  }
}

/** Saves text as a file through a temporary object URL. */
export function downloadText(filename: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
