'use client';

import { useAuth } from '@/components/auth/use-auth';
import { PageHeader } from '@/components/shell/page-header';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { ApiKeysCard } from './api-keys-card';
import { ChangePasswordForm } from './change-password-form';
import { NotificationSettings } from './notification-settings';

const roleLabel = (role: string) => (role === 'admin' ? 'Administrator' : role.charAt(0).toUpperCase() + role.slice(1));

/** Account Settings (spec 000 §2): the read-only profile and the change-password form. */
export function SettingsView() {
  const { user } = useAuth();
  return (
    <>
      <PageHeader title="Account Settings" description="Your profile and password." />
      {!user ? (
        <div className="flex justify-center py-16">
          <Spinner className="size-8 text-primary" aria-label="Loading account" />
        </div>
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          <Card>
            <CardHeader>
              <CardTitle>Profile</CardTitle>
              <CardDescription>Contact support to change your name or email.</CardDescription>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-4 sm:grid-cols-2">
                <ProfileField label="First Name" value={user.firstName} />
                <ProfileField label="Last Name" value={user.lastName} />
                <ProfileField label="Email" value={user.email} wide />
                <ProfileField label="Role" value={roleLabel(user.role)} />
                <ProfileField label="Subscription Tier" value={user.subscriptionTier ?? (user.betaAccess ? 'Beta Access' : 'None')} />
              </dl>
            </CardContent>
          </Card>
          <ChangePasswordForm />
          <ApiKeysCard />
          <NotificationSettings />
        </div>
      )}
    </>
  );
}

function ProfileField({ label, value, wide }: { label: string; value: string; wide?: boolean }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="mt-1 rounded-md border bg-muted/40 px-3 py-2 text-sm [overflow-wrap:anywhere]">
        {value}
      </dd>
    </div>
  );
}
