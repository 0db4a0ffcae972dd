// Generates one Prisma client per provider (lib/generated/{sqlite,postgresql}) from the one schema.
// `prisma generate` only needs the schema engine's path to exist; it never runs it, so any file
// stops it from trying to download the native binary (these machines cannot reach that host).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { providers, root, schemaFor } from './prisma-schema.mjs';

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'prisma-generate-'));
const env = { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath };
env.PRISMA_HIDE_UPDATE_MESSAGE = '1';
const cli = path.join(root, 'node_modules', 'prisma', 'build', 'index.js');

try {
  for (const provider of providers) {
    const schemaPath = path.join(workDir, `${provider}.prisma`);
    fs.writeFileSync(schemaPath, schemaFor(provider));
    execFileSync(process.execPath, [cli, 'generate', '--schema', schemaPath], { cwd: root, env, stdio: 'inherit' });
  }
} finally {
  fs.rmSync(workDir, { recursive: true, force: true });
}
