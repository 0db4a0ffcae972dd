'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { serverMessageOr } from '@/components/auth/form-errors';
import { OptionSelect } from '@/components/shared/option-select';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { deliveryChoices, deliveryLabels, digestChoices, digestLabels, type Delivery, type Digest } from '@/lib/signals/delivery';
import { fetchNotificationPreferences, notificationPreferencesKey as queryKey, saveNotificationPreferences } from '@/lib/notifications/client';

/** Account Settings → Notifications (issue 16): the digest and where each alert and report goes. */
export function NotificationSettings() {
  const queryClient = useQueryClient();
  const { data, isLoading, isError } = useQuery({ queryKey, queryFn: fetchNotificationPreferences });
  const save = useMutation({
    mutationFn: saveNotificationPreferences,
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKey, saved);
      toast({ title: 'Preferences saved', description: 'Your notification preferences were updated.', variant: 'success' });
    },
    onError: (error) => toast({ title: 'Could not save', description: serverMessageOr(error, 'Failed to save your preferences. Please try again.'), variant: 'destructive' }),
  });

  return (
    <Card role="region" className="min-w-0 lg:col-span-2" aria-labelledby="notification-settings-title">
      <CardHeader>
        <CardTitle id="notification-settings-title">Notifications</CardTitle>
        <CardDescription>Choose what reaches you in the app, by email, or both.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {isLoading ? (
          <div className="flex flex-col gap-3" aria-busy="true" aria-label="Loading notification preferences">
            <Skeleton className="h-9 w-full" />
            <Skeleton className="h-9 w-full" />
          </div>
        ) : isError || !data ? (
          <p role="alert" className="text-sm text-destructive">
            Your notification preferences could not be loaded. Please reload the page.
          </p>
        ) : (
          <>
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <span>Your email address</span>
              {data.emailVerified ? <Badge variant="success">Verified</Badge> : <Badge variant="warning">Not verified</Badge>}
              {!data.emailVerified && <p className="w-full text-muted-foreground">No alert, report or digest emails are sent until you confirm it.</p>}
            </div>
            <PreferenceRow id="digest" label="Signal digest" hint="A summary of the signals for the companies you watch.">
              <ChoiceSelect id="digest" value={data.digest} options={digestChoices} labels={digestLabels} disabled={save.isPending} onChange={(digest: Digest) => save.mutate({ digest })} />
            </PreferenceRow>

            <section aria-labelledby="alert-delivery-title" className="flex flex-col gap-3">
              <h3 id="alert-delivery-title" className="text-sm font-semibold">
                Alert rules
              </h3>
              {data.alerts.length === 0 ? (
                <p className="text-sm text-muted-foreground">No alert rules yet. Set them from a signal on the Signals screen.</p>
              ) : (
                data.alerts.map((alert) => (
                  <PreferenceRow
                    key={alert.id}
                    id={`alert-${alert.id}`}
                    label={`${alert.companyName ?? 'Signal'}: ${alert.kind === 'price' ? `price moves of ${alert.thresholdPct ?? ''}%` : 'critical signals'}`}
                  >
                    <ChoiceSelect id={`alert-${alert.id}`} value={alert.delivery} options={deliveryChoices} labels={deliveryLabels} disabled={save.isPending} onChange={(delivery: Delivery) => save.mutate({ alerts: [{ id: alert.id, delivery }] })} />
                  </PreferenceRow>
                ))
              )}
              {data.alerts.some((alert) => alert.kind === 'price') && <p className="text-xs text-muted-foreground">Price alerts are shown in the app; email covers critical signals.</p>}
            </section>

            <section aria-labelledby="report-delivery-title" className="flex flex-col gap-3">
              <h3 id="report-delivery-title" className="text-sm font-semibold">
                Scheduled reports
              </h3>
              {data.reports.map((report) => (
                <PreferenceRow key={report.scheduleId} id={`report-${report.scheduleId}`} label={report.name} hint={`${report.timing}${report.status === 'paused' ? ' · paused' : ''}; by email the PDF is attached.`}>
                  <ChoiceSelect id={`report-${report.scheduleId}`} value={report.delivery} options={deliveryChoices} labels={deliveryLabels} disabled={save.isPending} onChange={(delivery: Delivery) => save.mutate({ reports: [{ scheduleId: report.scheduleId, delivery }] })} />
                </PreferenceRow>
              ))}
            </section>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function PreferenceRow({ id, label, hint, children }: { id: string; label: string; hint?: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p id={`${id}-label`} className="text-sm font-medium">
          {label}
        </p>
        {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
      </div>
      {children}
    </div>
  );
}

function ChoiceSelect<Value extends string>(props: { id: string; value: Value; options: readonly Value[]; labels: Record<Value, string>; disabled: boolean; onChange: (value: Value) => void }) {
  return (
    <OptionSelect
      value={props.value}
      options={props.options.map((option) => ({ value: option, label: props.labels[option] }))}
      onChange={props.onChange}
      disabled={props.disabled}
      className="w-full sm:w-48"
      aria-labelledby={`${props.id}-label`}
    />
  );
}
