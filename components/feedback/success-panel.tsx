'use client';

import { CircleCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';

/** The view that replaces a feedback form once it is sent; focus moves to its heading for screen readers. */
export function SuccessPanel({ title, text, action, onAction }: { title: string; text: string; action: string; onAction: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-4 py-12 text-center">
        <CircleCheck className="size-12 text-success" aria-hidden="true" />
        <h2 ref={heading} tabIndex={-1} className="text-xl font-semibold outline-none">
          {title}
        </h2>
        <p className="max-w-md text-muted-foreground">{text}</p>
        <Button type="button" variant="outline" onClick={onAction}>
          {action}
        </Button>
      </CardContent>
    </Card>
  );
}
