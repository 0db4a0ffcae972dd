import { apiRequest, getJson } from '@/lib/http/api-client';
import type { NotificationPreferencesDto, NotificationPreferencesInput } from './schema';

// The browser side of the notification preferences (Account Settings → Notifications).

const preferencesUrl = '/api/notifications/preferences';
export const notificationPreferencesKey = [preferencesUrl] as const;

export const fetchNotificationPreferences = () => getJson<NotificationPreferencesDto>(preferencesUrl);

export async function saveNotificationPreferences(input: NotificationPreferencesInput) {
  return (await (await apiRequest('PUT', preferencesUrl, input)).json()) as NotificationPreferencesDto;
}
