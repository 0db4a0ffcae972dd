'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { applyFieldErrors, serverMessageOr } from '@/components/auth/form-errors';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, FieldDescription, FieldError, FieldLabel } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { priorities, suggestionCategories, suggestionSchema, type SuggestionInput } from '@/lib/feedback/schema';
import { submitSuggestion } from '@/lib/feedback/client';
import { categoryLabels, priorityLabels } from './option-labels';
import { SelectField } from './select-field';
import { SuccessPanel } from './success-panel';

const fields = ['category', 'title', 'description', 'priority', 'email'] as const;
type TextField = 'title' | 'description' | 'email';

/** Feature Suggestions (spec 000 §2, §5, §8): the form, then a success view that leads back to an empty form. */
export function SuggestionForm() {
  const [isSubmitted, setIsSubmitted] = useState(false);
  const form = useForm<SuggestionInput, unknown, z.output<typeof suggestionSchema>>({
    resolver: zodResolver(suggestionSchema),
    defaultValues: { title: '', description: '', email: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = useMutation({ mutationFn: submitSuggestion });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await submit.mutateAsync(values);
      toast({ title: 'Suggestion Submitted', description: "Thank you for your feedback! We'll review your suggestion.", variant: 'success' });
      form.reset();
      setIsSubmitted(true);
    } catch (error) {
      applyFieldErrors(error, fields, form.setError);
      toast({ title: 'Submission Failed', description: serverMessageOr(error, 'Unable to submit suggestion. Please try again.'), variant: 'destructive' });
    }
  });

  if (isSubmitted) {
    return (
      <SuccessPanel
        title="Thank you for your suggestion!"
        text="Our product team reviews every suggestion and uses them to plan what we build next."
        action="Submit Another Suggestion"
        onAction={() => {
          setIsSubmitted(false);
          requestAnimationFrame(() => form.setFocus('category'));
        }}
      />
    );
  }

  const a11y = (name: TextField, hint?: string) => ({
    id: `suggestion-${name}`,
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby': [hint, errors[name] ? `suggestion-${name}-error` : undefined].filter(Boolean).join(' ') || undefined,
  });
  const error = (name: TextField) => <FieldError id={`suggestion-${name}-error`} errors={[errors[name]]} />;

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">Share Your Idea</h2>
        </CardTitle>
        <CardDescription>Describe the feature or improvement you would like to see.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} className="flex flex-col gap-4" aria-busy={isSubmitting} noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              control={form.control}
              name="category"
              id="suggestion-category"
              label="Category"
              placeholder="Select a category"
              options={suggestionCategories}
              labels={categoryLabels}
            />
            <SelectField
              control={form.control}
              name="priority"
              id="suggestion-priority"
              label="Priority"
              placeholder="Select a priority level"
              options={priorities}
              labels={priorityLabels}
            />
          </div>
          <Field data-invalid={Boolean(errors.title)}>
            <FieldLabel htmlFor="suggestion-title">Title</FieldLabel>
            <Input autoComplete="off" placeholder="A short summary of your idea" {...a11y('title')} {...form.register('title')} />
            {error('title')}
          </Field>
          <Field data-invalid={Boolean(errors.description)}>
            <FieldLabel htmlFor="suggestion-description">Description</FieldLabel>
            <Textarea
              rows={6}
              className="min-h-32"
              placeholder="What problem would it solve, and how would you use it?"
              {...a11y('description')}
              {...form.register('description')}
            />
            {error('description')}
          </Field>
          <Field data-invalid={Boolean(errors.email)}>
            <FieldLabel htmlFor="suggestion-email">Email (optional)</FieldLabel>
            <Input type="email" autoComplete="email" placeholder="you@company.com" {...a11y('email', 'suggestion-email-hint')} {...form.register('email')} />
            <FieldDescription id="suggestion-email-hint">Only if you would like us to follow up with you.</FieldDescription>
            {error('email')}
          </Field>
          <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto sm:self-start">
            {isSubmitting ? 'Submitting...' : 'Submit Suggestion'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
