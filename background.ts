// The background process server.ts forks (lib/background): the WebSocket server, the scheduler and
// the alert mailer, away from the HTTP event loop. Not run on its own.
import { loadEnvConfig } from '@next/env';

loadEnvConfig(process.cwd(), process.env.NODE_ENV !== 'production');

import('./lib/background/run')
  .then(({ runBackground }) => runBackground())
  .catch((error: unknown) => {
    console.error('[background] failed to start:', error);
    process.exit(1);
  });
