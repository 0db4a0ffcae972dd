'use client';

import { Copy, Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { productName } from '@/lib/brand';
import { copyToClipboard, downloadText } from './copy-to-clipboard';
import { backupCodesText } from './mfa-texts';

const backupCodesFilename = 'treasury-intelligence-backup-codes.txt';

/** The codes in a grid with Copy and Download (a text file). */
export function BackupCodesList({ codes }: { codes: readonly string[] }) {
  return (
    <div className="flex flex-col gap-3">
      <ul className="grid grid-cols-2 gap-2 rounded-md border bg-muted/40 p-4 font-mono text-sm" aria-label="Backup codes">
        {codes.map((code) => (
          <li key={code} className="text-center tracking-wider">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => void copyToClipboard(codes.join('\n'), { title: 'Copied', description: 'Backup codes copied to clipboard.' })}>
          <Copy className="size-4" aria-hidden="true" /> Copy Codes
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={() => downloadText(backupCodesFilename, backupCodesText(codes, productName))}>
          <Download className="size-4" aria-hidden="true" /> Download
        </Button>
      </div>
    </div>
  );
}
