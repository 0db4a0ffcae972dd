import { z } from 'zod';

// One rule for every request schema (issue 13): a field that is absent, null, of the wrong type or
// too short reads the same message, the one the spec's form shows (spec 000 §5), never zod's own
// "Invalid input: expected string, received undefined". The message given to the type check is
// what zod reports for a missing field, so each builder takes it once and uses it for both.

/** Trimmed text: absent, not a string, or shorter than `min` after trimming all read `message`. */
export function requiredText(message: string, min = 1) {
  return z.string({ error: message }).trim().min(min, message);
}

/** Like requiredText but kept as typed: passwords keep their spaces. */
export function requiredSecret(message: string, min = 1) {
  return z.string({ error: message }).min(min, message);
}

/** Optional trimmed text: absent is fine; a value that is not a string reads `message`. */
export function optionalText(message: string, max: number) {
  return z.string({ error: message }).trim().max(max, message).optional();
}

/** A choice from a fixed list: absent, not a string and not in the list all read `message`. */
export function requiredChoice<const Values extends readonly [string, ...string[]]>(values: Values, message: string) {
  return z.enum(values, { error: message });
}

export const emailMessage = 'Please enter a valid email';

/** A required email address, trimmed and lowercased; every failure reads the spec's email message. */
export const emailAddress = requiredText(emailMessage).toLowerCase().max(254, emailMessage).pipe(z.email(emailMessage));

/** Required text of `min` to `max` characters; absent, wrong-typed and too short all read `message`. */
export function boundedText(message: string, max: number, min = 1) {
  return requiredText(message, min).max(max, `Must be at most ${max} characters`);
}

/**
 * JavaScript dates reach 271,821 BC; PostgreSQL timestamps stop at 4713 BC and refuse the query. Dates
 * from a request stay within years 1-9999, which both databases compare.
 */
export function isStorableDate(date: Date): boolean {
  const year = date.getUTCFullYear();
  return year >= 1 && year <= 9999;
}

/** A positive whole-number count parameter with its default and maximum. */
export const countParam = (fallback: number, max: number) =>
  z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(max, `must be at most ${max}`).default(fallback);
