import { db } from '../db';
import { closeRateLimiter } from '../rate-limit';
import { closeBus } from '../realtime/bus';

// Each integration test file ends by closing what the product's singletons opened, so jest exits.
afterAll(async () => {
  await Promise.all([closeBus(), closeRateLimiter(), db.$disconnect()]);
});
