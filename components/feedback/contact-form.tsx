'use client';

import { useAuth } from '@/components/auth/use-auth';
import { FormField } from '@/components/shared/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { contactSchema, contactSubjects, priorities } from '@/lib/feedback/schema';
import { sendContactMessage } from '@/lib/feedback/client';
import { FeedbackCard } from './feedback-card';
import { priorityLabels, subjectLabels } from './option-labels';
import { SelectField } from './select-field';
import { useFeedbackForm } from './use-feedback-form';

const fields = ['name', 'email', 'subject', 'message', 'urgency'] as const;

/** Contact Us (spec 000 §2, §5, §8): the form, then a success view that leads back to an empty form. */
export function ContactForm() {
  const { user } = useAuth();
  const { form, onSubmit, isSent, sendAnother } = useFeedbackForm({
    schema: contactSchema,
    // A signed-in sender is known already; their name and email are filled in and can be changed.
    defaultValues: { name: user ? `${user.firstName} ${user.lastName}`.trim() : '', email: user?.email ?? '', message: '' },
    send: sendContactMessage,
    sentToast: { title: 'Message Sent', description: "Thank you for contacting us. We'll get back to you within 24 hours." },
    failure: { title: 'Send Failed', fallback: 'Unable to send message. Please try again.', fields },
    firstField: 'name',
  });
  const { errors, isSubmitting } = form.formState;

  return (
    <FeedbackCard
      title="Send us a Message"
      description="Tell us how we can help and we'll get back to you."
      isSent={isSent}
      success={{ title: 'Thank you for reaching out!', text: "We've received your message. Our support team replies within 24 hours.", action: 'Send Another Message' }}
      onSendAnother={sendAnother}
    >
        <form onSubmit={onSubmit} className="flex flex-col gap-4" aria-busy={isSubmitting} noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="contact-name" label="Name" error={errors.name}>
              {(control) => <Input autoComplete="name" placeholder="Your full name" {...control} {...form.register('name')} />}
            </FormField>
            <FormField id="contact-email" label="Email" error={errors.email}>
              {(control) => <Input type="email" autoComplete="email" placeholder="you@company.com" {...control} {...form.register('email')} />}
            </FormField>
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
          <FormField id="contact-message" label="Message" error={errors.message}>
            {(control) => <Textarea rows={6} className="min-h-32" placeholder="How can we help?" {...control} {...form.register('message')} />}
          </FormField>
          <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto sm:self-start">
            {isSubmitting ? 'Sending...' : 'Send Message'}
          </Button>
        </form>
    </FeedbackCard>
  );
}
