// Application close codes of /ws (the 4000–4999 range RFC 6455 leaves to applications), shared by the
// server and the browser client: the socket's access ended, so reconnecting cannot help until the page
// holds an entitled session again.

/** The session ended: signed out, revoked or expired. */
export const sessionEndedCloseCode = 4401;
/** Signed in, but no longer entitled: the subscription lapsed or beta access was removed. */
export const notEntitledCloseCode = 4403;

export function isAccessCloseCode(code: number | undefined): boolean {
  return code === sessionEndedCloseCode || code === notEntitledCloseCode;
}

/**
 * RFC 6455's "service restart": the server is going away (a deploy, a SIGTERM) and the client should
 * reconnect at once, behind a proxy to another instance, resuming from its last event id.
 */
export const serviceRestartCloseCode = 1012;
