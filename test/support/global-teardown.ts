import fs from 'node:fs';

export default async function globalTeardown() {
  const dir = process.env.TEST_SQLITE_DIR;
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
}
