import { toast } from '@/components/ui/use-toast';
import { copyFailedToast, copyText } from '@/lib/clipboard';
import { saveBlob } from '@/lib/http/save-file';

/** Copies text, with the spec's Copy Failed toast when the browser refuses. */
export async function copyToClipboard(text: string, copied: { title: string; description?: string }): Promise<boolean> {
  const done = await copyText(text);
  toast(done ? { ...copied, variant: 'success' } : copyFailedToast);
  return done;
}

/** Saves text as a file through a temporary object URL. */
export function downloadText(filename: string, text: string) {
  saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), filename);
}
