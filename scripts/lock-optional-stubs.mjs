// After `npm install`, run `npm run lock:stubs`. The registry our machines reach does not serve
// other platforms' optional binaries (darwin/win32 builds of @next/swc, tailwind oxide, unrs
// resolver). `npm install` tolerates that but writes no lock entry, and then `npm ci` refuses the
// lock as "out of sync". A stub entry with the platform's os/cpu satisfies that check, and `npm ci`
// skips those packages on every other platform anyway. Each stub carries the integrity hash the
// registry's metadata states (`npm view <name>@<version> dist`), so an install on that platform
// verifies the tarball like any other; like every other entry it names no `resolved` URL (npm's
// omit-lockfile-registry-resolved setting on our machines).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const cpus = ['arm64', 'x64', 'ia32', 'arm', 'loong64', 'ppc64', 'riscv64', 's390x', 'wasm32'];
const oses = ['android', 'darwin', 'freebsd', 'linux', 'win32', 'openharmony'];
const lockPath = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(fs.readFileSync(lockPath, 'utf8'));
const added = [];
const hashed = [];

function registryIntegrity(name, version) {
  const dist = JSON.parse(execFileSync('npm', ['view', `${name}@${version}`, 'dist', '--json'], { encoding: 'utf8' }));
  if (!dist?.integrity) throw new Error(`the registry states no integrity for ${name}@${version}`);
  return dist.integrity;
}

for (const meta of Object.values(lock.packages)) {
  for (const [name, version] of Object.entries(meta.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (lock.packages[key]) continue;
    const parts = name.split('/').at(-1).split('-');
    const cpu = parts.find((part) => cpus.includes(part));
    const os = parts.includes('wasm32') ? undefined : parts.find((part) => oses.includes(part));
    if (!cpu && !os) continue;
    lock.packages[key] = { version, optional: true, ...(cpu ? { cpu: [cpu] } : {}), ...(os ? { os: [os] } : {}) };
    added.push(name);
  }
}

// Stubs written before (by this script) and any other entry npm left without a hash.
for (const [key, meta] of Object.entries(lock.packages)) {
  if (!key || meta.link || meta.integrity) continue;
  const name = key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);
  const { version, ...rest } = meta;
  lock.packages[key] = { version, integrity: registryIntegrity(name, version), ...rest };
  hashed.push(`${name}@${version}`);
}

fs.writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(added.length ? `Added lock stubs: ${added.join(', ')}` : 'Lock file needs no new stubs.');
console.log(hashed.length ? `Integrity from the registry for ${hashed.length} entries: ${hashed.join(', ')}` : 'Every lock entry has its integrity hash.');
