import { PaymentProblem } from './http';

// Outbound JSON calls to payment providers, with a timeout; a network failure is a 502, never a 500.

interface ProviderResponse<T> {
  status: number;
  ok: boolean;
  body: T | undefined;
}

export async function providerFetch<T>(url: string, init: RequestInit & { timeoutMs: number; provider: string }): Promise<ProviderResponse<T>> {
  const { timeoutMs, provider, ...rest } = init;
  let response: Response;
  try {
    response = await fetch(url, { ...rest, signal: AbortSignal.timeout(timeoutMs), cache: 'no-store' });
  } catch {
    throw new PaymentProblem(502, `${provider} could not be reached. Please try again.`);
  }
  const text = await response.text();
  let body: unknown = undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  // The provider's documented answer shape; fields a caller reads are optional in its type, so a
  // provider answering something else (an HTML error page, say) reads as missing fields.
  return { status: response.status, ok: response.ok, body: body as T | undefined };
}
