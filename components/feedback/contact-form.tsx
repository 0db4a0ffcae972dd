'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { applyFieldErrors, serverMessageOr } from '@/components/auth/form-errors';
import { useAuth } from '@/components/auth/use-auth';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, FieldError, FieldLabel } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { contactSchema, contactSubjects, priorities, type ContactInput } from '@/lib/feedback/schema';
import { sendContactMessage } from '@/lib/feedback/client';
import { priorityLabels, subjectLabels } from './option-labels';
import { SelectField } from './select-field';
import { SuccessPanel } from './success-panel';

const fields = ['name', 'email', 'subject', 'message', 'urgency'] as const;
type TextField = 'name' | 'email' | 'message';

/** Contact Us (spec 000 §2, §5, §8): the form, then a success view that leads back to an empty form. */
export function ContactForm() {
  const { user } = useAuth();
  const [isSent, setIsSent] = useState(false);
  const form = useForm<ContactInput, unknown, z.output<typeof contactSchema>>({
    resolver: zodResolver(contactSchema),
    // A signed-in sender is known already; their name and email are filled in and can be changed.
    defaultValues: { name: user ? `${user.firstName} ${user.lastName}`.trim() : '', email: user?.email ?? '', message: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const send = useMutation({ mutationFn: sendContactMessage });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
      toast({ title: 'Message Sent', description: "Thank you for contacting us. We'll get back to you within 24 hours.", variant: 'success' });
      form.reset();
      setIsSent(true);
    } catch (error) {
      applyFieldErrors(error, fields, form.setError);
      toast({ title: 'Send Failed', description: serverMessageOr(error, 'Unable to send message. Please try again.'), variant: 'destructive' });
    }
  });

  if (isSent) {
    return (
      <SuccessPanel
        title="Thank you for reaching out!"
        text="We've received your message. Our support team replies within 24 hours."
        action="Send Another Message"
        onAction={() => {
          setIsSent(false);
          requestAnimationFrame(() => form.setFocus('name'));
        }}
      />
    );
  }

  const a11y = (name: TextField) => ({
    id: `contact-${name}`,
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby': errors[name] ? `contact-${name}-error` : undefined,
  });
  const error = (name: TextField) => <FieldError id={`contact-${name}-error`} errors={[errors[name]]} />;

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">Send us a Message</h2>
        </CardTitle>
        <CardDescription>Tell us how we can help and we&apos;ll get back to you.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} className="flex flex-col gap-4" aria-busy={isSubmitting} noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field data-invalid={Boolean(errors.name)}>
              <FieldLabel htmlFor="contact-name">Name</FieldLabel>
              <Input autoComplete="name" placeholder="Your full name" {...a11y('name')} {...form.register('name')} />
              {error('name')}
            </Field>
            <Field data-invalid={Boolean(errors.email)}>
              <FieldLabel htmlFor="contact-email">Email</FieldLabel>
              <Input type="email" autoComplete="email" placeholder="you@company.com" {...a11y('email')} {...form.register('email')} />
              {error('email')}
            </Field>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              control={form.control}
              name="subject"
              id="contact-subject"
              label="Subject"
              placeholder="Select a subject"
              options={contactSubjects}
              labels={subjectLabels}
            />
            <SelectField
              control={form.control}
              name="urgency"
              id="contact-urgency"
              label="Urgency"
              placeholder="Select urgency level"
              options={priorities}
              labels={priorityLabels}
            />
          </div>
          <Field data-invalid={Boolean(errors.message)}>
            <FieldLabel htmlFor="contact-message">Message</FieldLabel>
            <Textarea rows={6} className="min-h-32" placeholder="How can we help?" {...a11y('message')} {...form.register('message')} />
            {error('message')}
          </Field>
          <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto sm:self-start">
            {isSubmitting ? 'Sending...' : 'Send Message'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
