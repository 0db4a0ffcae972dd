import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/http/api-client';

/** The server's message for a toast, or the fallback the spec gives for that failure. */
export function serverMessageOr(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.serverMessage) || fallback;
}

/** Puts a 400's per-field messages onto the form's fields that exist. */
export function applyFieldErrors<Values extends FieldValues>(error: unknown, fields: readonly Path<Values>[], setError: UseFormSetError<Values>) {
  if (!(error instanceof ApiError) || !error.fields) return;
  for (const field of fields) {
    const message = error.fields[field]?.[0];
    if (message) setError(field, { type: 'server', message });
  }
}
