'use client';

import { CheckCircle2 } from 'lucide-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { AuthCard } from '@/components/auth/auth-card';
import { serverMessageOr } from '@/components/auth/form-errors';
import { Button } from '@/components/ui/button';
import { postTokenAction, userQueryKey } from '@/lib/auth/client';

/**
 * A mail link's landing card: it asks before acting, because mail scanners open links on their own
 * and must not verify an address or unsubscribe anyone by doing so.
 */
export function TokenActionCard(props: {
  title: string;
  description: string;
  actionLabel: string;
  pendingLabel: string;
  endpoint: string;
  body?: Record<string, string>;
  failure: string;
  next: { href: string; label: string };
}) {
  const queryClient = useQueryClient();
  const action = useMutation({ mutationFn: postTokenAction });
  const [state, setState] = useState<{ kind: 'idle' | 'pending' } | { kind: 'done' | 'failed'; message: string }>({ kind: 'idle' });

  const act = async () => {
    setState({ kind: 'pending' });
    try {
      const body = await action.mutateAsync({ endpoint: props.endpoint, body: props.body });
      setState({ kind: 'done', message: body.message });
      // A confirmed address changes the signed-in user (the banner goes away).
      void queryClient.invalidateQueries({ queryKey: userQueryKey });
    } catch (error) {
      setState({ kind: 'failed', message: serverMessageOr(error, props.failure) });
    }
  };

  return (
    <AuthCard
      title={props.title}
      description={props.description}
      footer={
        <Link href={props.next.href} className="font-medium text-primary underline-offset-4 hover:underline">
          {props.next.label}
        </Link>
      }
    >
      {state.kind === 'done' ? (
        <p role="status" className="flex items-start gap-2 text-sm">
          <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          {state.message}
        </p>
      ) : (
        <div className="flex flex-col gap-3">
          <Button type="button" className="w-full" disabled={state.kind === 'pending'} onClick={() => void act()}>
            {state.kind === 'pending' ? props.pendingLabel : props.actionLabel}
          </Button>
          {state.kind === 'failed' && (
            <p role="alert" className="text-sm text-destructive">
              {state.message}
            </p>
          )}
        </div>
      )}
    </AuthCard>
  );
}
