'use client';

import { useEffect, useState } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { fetchPdf } from '@/lib/reports/client';

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
    fetchPdf(src)
      .then((blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [src]);
  if (failed) return <p className="rounded-lg border border-dashed p-8 text-center text-sm text-muted-foreground">The PDF could not be loaded here. Use Download PDF instead.</p>;
  if (!url) return <Skeleton className="h-[70vh] w-full" role="status" aria-label="Loading the PDF" />;
  return <iframe src={url} title={title} className="h-[80vh] w-full rounded-lg border" data-testid="report-pdf" />;
}
