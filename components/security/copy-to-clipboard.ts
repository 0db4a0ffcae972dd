import { toast } from '@/components/ui/use-toast';
import { verifyMessages } from './mfa-texts';
import { saveBlob } from '@/lib/http/save-file';

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
  saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), filename);
}
