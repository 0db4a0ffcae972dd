import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { db } from '@/lib/db';
import { resetDatabase } from '@/test/support/database';
import { registeredUser } from '@/test/support/users';

// The documented commands `npm run admin:grant -- <email>` and `npm run admin:revoke -- <email>` (scripts/admin.ts), run as a process on the test database.

const run = promisify(execFile);
const root = path.resolve(__dirname, '..', '..');

function admin(command: 'grant' | 'revoke', email: string) {
  return run(process.execPath, [require.resolve('tsx/cli'), 'scripts/admin.ts', command, email], { cwd: root, env: { ...process.env } });
}

beforeAll(resetDatabase);

it('grants and revokes the stored admin role by e-mail address', async () => {
  const user = await registeredUser(false, 'grantee');
  const role = async () => (await db.user.findUniqueOrThrow({ where: { id: user.id }, select: { role: true } })).role;
  const granted = await admin('grant', user.email.toUpperCase());
  expect(granted.stdout).toContain('is now an admin');
  expect(await role()).toBe('admin');
  await admin('revoke', user.email);
  expect(await role()).toBe('user');
}, 60_000);

it('fails with a message when no account has the address', async () => {
  await expect(admin('grant', 'nobody@example.com')).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('No account uses nobody@example.com.') });
}, 60_000);
