'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { FormField } from '@/components/shared/form-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { affiliateKeys, postAffiliateLink } from '@/lib/affiliate/client';
import type { AffiliateLinkDto } from '@/lib/affiliate/schema';
import { affiliateLinkSchema } from '@/lib/affiliate/schema';
import { ApiError } from '@/lib/http/api-client';

interface FormValues {
  name: string;
}

/** Names and creates an affiliate link; an empty name is refused before any request. */
export function CreateLinkForm() {
  const queryClient = useQueryClient();
  const form = useForm<FormValues>({ resolver: zodResolver(affiliateLinkSchema), defaultValues: { name: '' } });
  const { errors } = form.formState;
  const create = useMutation({
    mutationFn: postAffiliateLink,
    onSuccess: (link) => {
      queryClient.setQueryData<AffiliateLinkDto[]>(affiliateKeys.links, (links) => (links ? [link, ...links] : links));
      void queryClient.invalidateQueries({ queryKey: affiliateKeys.links });
      form.reset();
      toast({ title: 'Affiliate Link Created', description: `“${link.name}” is ready to share.`, variant: 'success' });
    },
    onError: (error) => {
      const message = (error instanceof ApiError && (error.fields?.name?.[0] ?? error.serverMessage)) || 'Unable to create the link. Please try again.';
      if (error instanceof ApiError && error.fields?.name) form.setError('name', { type: 'server', message });
      else form.setError('root', { type: 'server', message });
    },
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Create Affiliate Link</CardTitle>
        <CardDescription>Name each link after where you share it, so you can see which channel converts.</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          onSubmit={form.handleSubmit(({ name }) => create.mutate(name))}
          className="flex flex-col gap-3 sm:flex-row sm:items-start"
        >
          <FormField id="affiliate-link-name" label="Link name" error={errors.name} className="sm:max-w-md">
            {(control) => <Input placeholder="e.g. Newsletter, YouTube, X profile" autoComplete="off" maxLength={100} {...control} {...form.register('name')} />}
          </FormField>
          <Button type="submit" disabled={create.isPending} className="sm:mt-[1.375rem]">
            <Plus aria-hidden="true" />
            {create.isPending ? 'Creating...' : 'Create Link'}
          </Button>
        </form>
        {errors.root && (
          <p role="alert" className="mt-3 text-sm text-destructive">
            {errors.root.message}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
