import { db } from '@/lib/db';
import { closeMailTransport, mailIdle } from '@/lib/mail/sender';
import { closeRateLimiter } from '@/lib/rate-limit/limiter';
import { closeBus } from '@/lib/realtime/bus';

// Real databases and scrypt-hashed passwords (a login costs ~100 ms of CPU): a test that signs in a
// dozen times needs more than Jest's 5 s on a busy two-core machine. A file may set its own.
jest.setTimeout(30_000);

// Each integration test file ends by closing what the product's singletons opened, so jest exits.
afterAll(async () => {
  await mailIdle();
  closeMailTransport();
  await Promise.all([closeBus(), closeRateLimiter(), db.$disconnect()]);
});
