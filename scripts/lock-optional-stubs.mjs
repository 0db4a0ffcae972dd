// After `npm install`, run `npm run lock:stubs`. The registry our machines reach does not serve
// other platforms' optional binaries (darwin/win32 builds of @next/swc, tailwind oxide, unrs
// resolver). `npm install` tolerates that but writes no lock entry, and then `npm ci` refuses the
// lock as "out of sync". A stub entry with the platform's os/cpu satisfies that check, and `npm ci`
// skips those packages on every other platform anyway.
import fs from 'node:fs';

const cpus = ['arm64', 'x64', 'ia32', 'arm', 'loong64', 'ppc64', 'riscv64', 's390x', 'wasm32'];
const oses = ['android', 'darwin', 'freebsd', 'linux', 'win32', 'openharmony'];
const lockPath = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(fs.readFileSync(lockPath, 'utf8'));
const added = [];

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

fs.writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(added.length ? `Added lock stubs: ${added.join(', ')}` : 'Lock file needs no stubs.');
