// Grants or revokes the admin role of an existing account (issue 27), on the database at DATABASE_URL:
//   npm run admin:grant -- someone@example.com
//   npm run admin:revoke -- someone@example.com
// ADMIN_EMAILS grants the same role without a database change.
import { loadEnvConfig } from '@next/env';

loadEnvConfig(process.cwd());

async function main() {
  const [command, email] = process.argv.slice(2);
  if ((command !== 'grant' && command !== 'revoke') || !email) {
    throw new Error('Usage: npm run admin:grant -- <email> | npm run admin:revoke -- <email>');
  }
  const { db } = await import('../lib/db');
  const { setAdminRole } = await import('../lib/auth/admin');
  try {
    const found = await setAdminRole(db, email, command === 'grant');
    if (!found) throw new Error(`No account uses ${email}.`);
    console.log(command === 'grant' ? `${email} is now an admin.` : `${email} is no longer an admin (ADMIN_EMAILS may still list it).`);
  } finally {
    await db.$disconnect();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
