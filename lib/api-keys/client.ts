import { apiRequest, getJson } from '@/lib/http/api-client';
import type { ApiKeyDto } from './schema';

// The browser side of personal API keys (Account Settings): the query key and the fetchers.

const keysUrl = '/api/account/api-keys';
export const apiKeysQueryKey = [keysUrl] as const;

export const fetchApiKeys = () => getJson<ApiKeyDto[]>(keysUrl);

/** The new key and its secret, which the server shows this once. */
export async function createApiKey(input: { name: string; expiresInDays: number | null }) {
  return (await (await apiRequest('POST', keysUrl, input)).json()) as { key: ApiKeyDto; secret: string };
}

export const revokeApiKey = (id: string) => apiRequest('DELETE', `${keysUrl}/${encodeURIComponent(id)}`);
