'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import Link from 'next/link';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { CopyButton } from '@/components/affiliate/copy-button';
import { serverMessageOr } from '@/components/auth/form-errors';
import { useRequestForm } from '@/components/auth/use-request-form';
import { useAuth } from '@/components/auth/use-auth';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { OptionSelect } from '@/components/shared/option-select';
import { Badge } from '@/components/ui/badge';
import { FormField } from '@/components/shared/form-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, FieldDescription, FieldLabel } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { apiKeysQueryKey, createApiKey, fetchApiKeys, revokeApiKey } from '@/lib/api-keys/client';
import { apiKeyNameMaxLength, createApiKeySchema, expiryChoices } from '@/lib/api-keys/schema';

// API keys on Account Settings (issue 17). Self-contained: its own queries and mutations, so the
// page only places it.

const formSchema = z.object({ name: createApiKeySchema.shape.name, expiry: z.enum(expiryChoices.map((choice) => choice.value) as [string, ...string[]]) });

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const statusVariant = { active: 'success', expired: 'warning', revoked: 'secondary' } as const;

export function ApiKeysCard() {
  const queryClient = useQueryClient();
  const { isEntitled } = useAuth();
  const keys = useQuery({ queryKey: apiKeysQueryKey, queryFn: fetchApiKeys });
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const { form, onSubmit } = useRequestForm({
    schema: formSchema,
    defaultValues: { name: '', expiry: 'never' },
    send: ({ name, expiry }) => createApiKey({ name, expiresInDays: expiryChoices.find((choice) => choice.value === expiry)?.days ?? null }),
    onSent: async (body) => {
      setCreated({ name: body.key.name, secret: body.secret });
      form.reset();
      toast({ title: 'API Key Created', description: 'Copy it now: it will not be shown again.', variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: apiKeysQueryKey });
    },
    failure: { title: 'API Key Not Created', fallback: 'Failed to create the key. Please try again.', fields: ['name'] },
  });
  const { errors, isSubmitting } = form.formState;

  const revoke = useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => toast({ title: 'API Key Revoked', description: 'Requests with this key now fail.', variant: 'success' }),
    onError: (error) => toast({ title: 'API Key Not Revoked', description: serverMessageOr(error, 'Failed to revoke the key. Please try again.'), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });

  return (
    <Card className="min-w-0 lg:col-span-2" data-testid="api-keys-card">
      <CardHeader>
        <CardTitle id="api-keys-title">API Keys</CardTitle>
        <CardDescription>
          Personal keys for the read API: send one as <code className="font-mono text-xs">Authorization: Bearer &lt;key&gt;</code>. A key reads what your
          subscription allows and stops working when it lapses. See the <Link href="/api-docs" className="underline underline-offset-2">API documentation</Link>.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {!isEntitled && (
          <p className="rounded-md border border-warning/40 bg-warning/10 p-3 text-sm" data-testid="api-keys-unentitled">
            Creating keys and calling the API need an active subscription or beta access. <Link href="/subscription" className="underline underline-offset-2">Choose a plan</Link>; your existing keys
            can still be revoked here.
          </p>
        )}
        <form onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-start" noValidate aria-label="Create an API key">
          <FormField id="api-key-name" label="Key Name" error={errors.name}>
            {(control) => <Input placeholder="e.g. Research notebook" maxLength={apiKeyNameMaxLength} autoComplete="off" {...control} {...form.register('name')} />}
          </FormField>
          <Field>
            <FieldLabel htmlFor="api-key-expiry">Expires</FieldLabel>
            <Controller
              control={form.control}
              name="expiry"
              render={({ field }) => (
                <OptionSelect value={field.value} options={expiryChoices} onChange={field.onChange} id="api-key-expiry" className="w-full" />
              )}
            />
          </Field>
          <Button type="submit" disabled={isSubmitting || !isEntitled} className="sm:mt-6">
            <KeyRound aria-hidden="true" />
            {isSubmitting ? 'Creating Key...' : 'Create Key'}
          </Button>
        </form>

        {created && (
          <div role="status" className="rounded-md border border-amber-500/60 bg-amber-500/10 p-4" data-testid="api-key-secret-panel">
            <p className="font-medium [overflow-wrap:anywhere]">Your new key “{created.name}”</p>
            <p className="mt-1 text-sm text-muted-foreground">Copy it now and keep it somewhere safe. This is the only time it is shown: we store only a hash of it.</p>
            <div className="mt-3 flex items-center gap-2">
              <code className="min-w-0 flex-1 truncate rounded bg-muted px-2 py-1.5 font-mono text-xs" data-testid="api-key-secret">
                {created.secret}
              </code>
              <CopyButton value={created.secret} label="Copy API key" />
            </div>
            <Button type="button" variant="outline" size="sm" className="mt-3" onClick={() => setCreated(null)}>
              I have copied it
            </Button>
          </div>
        )}

        {keys.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner className="size-6 text-primary" aria-label="Loading API keys" />
          </div>
        ) : keys.isError ? (
          <p className="text-sm text-destructive">Could not load your keys. Reload the page to try again.</p>
        ) : !keys.data?.length ? (
          <p className="text-sm text-muted-foreground" data-testid="api-keys-empty">
            No keys yet. Create one to call the API from a script, a notebook or a spreadsheet.
          </p>
        ) : (
          <ul className="divide-y rounded-md border" aria-labelledby="api-keys-title">
            {keys.data.map((key) => (
              <li key={key.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between" data-testid="api-key-row" data-key-prefix={key.prefix}>
                <div className="min-w-0 space-y-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium [overflow-wrap:anywhere]">{key.name}</span>
                    <code className="font-mono text-xs text-muted-foreground">{key.prefix}…</code>
                    <Badge variant={statusVariant[key.status]}>{key.status === 'active' ? 'Active' : key.status === 'expired' ? 'Expired' : 'Revoked'}</Badge>
                  </div>
                  <p className="text-xs text-muted-foreground">
                    Created {dateFormat.format(new Date(key.createdAt))} · {key.expiresAt ? `${key.status === 'expired' ? 'expired' : 'expires'} ${dateFormat.format(new Date(key.expiresAt))}` : 'never expires'} ·{' '}
                    <span data-testid="api-key-usage">
                      {key.lastUsedAt ? `last used ${dateTimeFormat.format(new Date(key.lastUsedAt))}, ${key.useCount} ${key.useCount === 1 ? 'request' : 'requests'}` : 'never used'}
                    </span>
                  </p>
                </div>
                {key.status === 'active' && (
                  <AlertDialog>
                    <AlertDialogTrigger asChild>
                      <Button variant="outline" size="sm" className="self-start sm:self-center">
                        Revoke
                      </Button>
                    </AlertDialogTrigger>
                    <AlertDialogContent>
                      <AlertDialogHeader>
                        <AlertDialogTitle>Revoke “{key.name}”?</AlertDialogTitle>
                        <AlertDialogDescription>Every request with the key {key.prefix}… fails from now on. This cannot be undone.</AlertDialogDescription>
                      </AlertDialogHeader>
                      <AlertDialogFooter>
                        <AlertDialogCancel>Cancel</AlertDialogCancel>
                        <AlertDialogAction onClick={() => revoke.mutate(key.id)}>Revoke Key</AlertDialogAction>
                      </AlertDialogFooter>
                    </AlertDialogContent>
                  </AlertDialog>
                )}
              </li>
            ))}
          </ul>
        )}
        <FieldDescription>Up to 10 active keys. Requests per minute depend on your plan; every answer carries RateLimit-* headers.</FieldDescription>
      </CardContent>
    </Card>
  );
}
