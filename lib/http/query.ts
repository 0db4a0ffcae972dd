import type { z } from 'zod';
import { AppError, validationError } from './errors';
import { nulCharacterMessage, pathOfNulCharacter } from './text';

/** Reads a request's query string against a schema: 400 with the field errors when it does not fit. */
export function readQuery<Schema extends z.ZodType>(request: Request, schema: Schema): z.infer<Schema> {
  return readSearchParams(new URL(request.url).searchParams, schema);
}

/** Reads query parameters against a schema, as readQuery does a request's. */
export function readSearchParams<Schema extends z.ZodType>(params: URLSearchParams, schema: Schema): z.infer<Schema> {
  const raw: Record<string, string> = {};
  for (const [key, value] of params) raw[key] = value;
  const nulAt = pathOfNulCharacter(raw);
  if (nulAt !== null) throw new AppError('validation_failed', nulCharacterMessage, { [nulAt]: [nulCharacterMessage] });
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}
