// Derives each provider's schema from prisma/schema.prisma, the single source of truth.
import fs from 'node:fs';
import path from 'node:path';

export const providers = ['sqlite', 'postgresql'];
export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
export const sourceSchemaPath = path.join(root, 'prisma', 'schema.prisma');

export function schemaFor(provider, source = fs.readFileSync(sourceSchemaPath, 'utf8')) {
  if (!providers.includes(provider)) throw new Error(`Unknown provider ${provider}`);
  const datasource = /(datasource db \{[^}]*provider\s*=\s*)"sqlite"/;
  const output = /output(\s*)=\s*"\.\.\/lib\/generated\/sqlite"/;
  if (!datasource.test(source) || !output.test(source)) {
    throw new Error('prisma/schema.prisma must keep provider "sqlite" and output "../lib/generated/sqlite"');
  }
  return source
    .replace(datasource, `$1"${provider}"`)
    .replace(output, `output$1= "${path.join(root, 'lib', 'generated', provider)}"`);
}
