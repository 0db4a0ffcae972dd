import { AppError } from '@/lib/http/errors';
import { route } from '@/lib/http/route';

/**
 * A payment answer outside the shared error codes: 402 (no confirmed payment), 502 (the provider
 * failed), 503 (a provider is not configured). The body is the shape the payment UI reads.
 */
export class PaymentProblem extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'PaymentProblem';
  }
}

type Handler<Context> = (request: Request, context: Context) => Promise<Response> | Response;

/** route() plus PaymentProblem answers. */
export function paymentRoute<Context = unknown>(handler: Handler<Context>): Handler<Context> {
  return route<Context>(async (request, context) => {
    try {
      return await handler(request, context);
    } catch (error) {
      if (error instanceof PaymentProblem) return Response.json({ message: error.message, ...error.extra }, { status: error.status });
      throw error;
    }
  });
}

export const badRequest = (message: string) => new AppError('validation_failed', message);
export const notFound = (message = 'Payment not found') => new AppError('not_found', message);
export const noStore = { 'Cache-Control': 'no-store' };
