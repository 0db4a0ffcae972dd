import type { Metadata } from 'next';
import { SettingsView } from '@/components/account/settings-view';
import { guardPage } from '@/lib/auth/page-guard';
import { db } from '@/lib/db';

export const metadata: Metadata = { title: 'Account Settings' };
export const dynamic = 'force-dynamic';

export default async function SettingsPage() {
  if (!(await guardPage(db, '/settings'))) return null;
  return <SettingsView />;
}
