import type { Db } from '../db';
import { getEnv } from '../env';

// The admin role (issue 27): a user whose stored role is 'admin', or whose e-mail ADMIN_EMAILS lists.
// Admins see the technical detail behind a source's state (raw errors, settings); decided here, on
// the server, never from anything the browser sends. Loaded by server.ts's fast read path: no 'server-only'.

export const adminRole = 'admin';

interface RoleHolder {
  role: string;
  email: string;
}

/** Whether `user` is an admin: its stored role, or its address in ADMIN_EMAILS. */
export function isAdminUser(user: RoleHolder | null | undefined): boolean {
  if (!user) return false;
  return user.role === adminRole || getEnv().ADMIN_EMAILS.includes(user.email.toLowerCase());
}

/** Whether the viewer of a request or page (lib/auth/viewer.ts) is a signed-in admin. */
export function isAdmin(viewer: { session: unknown; user: RoleHolder | null } | null): boolean {
  return Boolean(viewer?.session) && isAdminUser(viewer?.user);
}

/**
 * Grants or revokes the stored admin role of the account with `email` (npm run admin:grant / admin:revoke).
 * Returns false when no account has that address. ADMIN_EMAILS still counts whatever the stored role says.
 */
export async function setAdminRole(db: Db, email: string, granted: boolean): Promise<boolean> {
  const { count } = await db.user.updateMany({ where: { email: email.trim().toLowerCase() }, data: { role: granted ? adminRole : 'user' } });
  return count > 0;
}
