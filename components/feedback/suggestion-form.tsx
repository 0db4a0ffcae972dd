'use client';

import { FormField } from '@/components/shared/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { priorities, suggestionCategories, suggestionSchema } from '@/lib/feedback/schema';
import { submitSuggestion } from '@/lib/feedback/client';
import { FeedbackCard } from './feedback-card';
import { categoryLabels, priorityLabels } from './option-labels';
import { SelectField } from './select-field';
import { useFeedbackForm } from './use-feedback-form';

const fields = ['category', 'title', 'description', 'priority', 'email'] as const;

/** Feature Suggestions (spec 000 §2, §5, §8): the form, then a success view that leads back to an empty form. */
export function SuggestionForm() {
  const { form, onSubmit, isSent, sendAnother } = useFeedbackForm({
    schema: suggestionSchema,
    defaultValues: { title: '', description: '', email: '' },
    send: submitSuggestion,
    sentToast: { title: 'Suggestion Submitted', description: "Thank you for your feedback! We'll review your suggestion." },
    failure: { title: 'Submission Failed', fallback: 'Unable to submit suggestion. Please try again.', fields },
    firstField: 'category',
  });
  const { errors, isSubmitting } = form.formState;

  return (
    <FeedbackCard
      title="Share Your Idea"
      description="Describe the feature or improvement you would like to see."
      isSent={isSent}
      success={{ title: 'Thank you for your suggestion!', text: 'Our product team reviews every suggestion and uses them to plan what we build next.', action: 'Submit Another Suggestion' }}
      onSendAnother={sendAnother}
    >
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
          <FormField id="suggestion-title" label="Title" error={errors.title}>
            {(control) => <Input autoComplete="off" placeholder="A short summary of your idea" {...control} {...form.register('title')} />}
          </FormField>
          <FormField id="suggestion-description" label="Description" error={errors.description}>
            {(control) => <Textarea rows={6} className="min-h-32" placeholder="What problem would it solve, and how would you use it?" {...control} {...form.register('description')} />}
          </FormField>
          <FormField id="suggestion-email" label="Email (optional)" error={errors.email} hint="Only if you would like us to follow up with you.">
            {(control) => <Input type="email" autoComplete="email" placeholder="you@company.com" {...control} {...form.register('email')} />}
          </FormField>
          <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto sm:self-start">
            {isSubmitting ? 'Submitting...' : 'Submit Suggestion'}
          </Button>
        </form>
    </FeedbackCard>
  );
}
