import { clientErrorSchema } from './schema';
import { errorReferenceId } from './reference-id';

it('derives the reference ID from the current time, in a form the report endpoint accepts', () => {
  const now = Date.UTC(2026, 10, 22, 8, 0, 0);
  const id = errorReferenceId(now);
  expect(id).toBe(`ERR-${now.toString(36).toUpperCase()}`);
  expect(clientErrorSchema.safeParse({ referenceId: id, message: 'x' }).success).toBe(true);
});
