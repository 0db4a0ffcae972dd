'use client';

import { useEffect, useState } from 'react';
import { Skeleton } from '@/components/ui/skeleton';

/**
 * Embeds the report's PDF. It is fetched and shown from a blob: URL because every response carries
 * X-Frame-Options: DENY (next.config.js), which would block framing the download URL itself.
 */
export function PdfFrame({ src, title }: { src: string; title: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let objectUrl: string | null = null;
    let cancelled = false;
    fetch(src, { credentials: 'include' })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        const blob = await response.blob();
        if (cancelled) return;
        objectUrl = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
        setUrl(objectUrl);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [src]);
  if (failed) return <p className="rounded-lg border border-dashed p-8 text-center text-sm text-muted-foreground">The PDF could not be loaded here. Use Download PDF instead.</p>;
  if (!url) return <Skeleton className="h-[70vh] w-full" aria-label="Loading the PDF" />;
  return <iframe src={url} title={title} className="h-[80vh] w-full rounded-lg border" data-testid="report-pdf" />;
}
