// Part of `npm run build`, after `next build`: marks each page's start-up scripts (scripts/lib/first-load.mjs)
// with V8's explicit compile hint, a `//# allFunctionsCalledOnLoad` comment on the first line. Chrome
// (136 and later) then compiles all of such a script's functions on the background thread that streams
// it, instead of compiling each one on the main thread the first time it is called. The dashboard's
// start-up called most of their functions anyway: their lazy compilation was the largest part of its
// longest task on a phone (README, performance). Other browsers read a comment. A chunk no page loads
// at start (a dialog, a menu) stays lazy; one that some page loads at start carries the hint wherever it
// is loaded (recharts starts /analytics and is loaded later on /dashboard). A chunk's source map, when
// the build writes them, moves down a line with it (an indexed map's sections likewise; a map inlined in
// the chunk is reported, not moved). Runs once per build: a chunk that already starts with the hint is
// left as it is.
import fs from 'node:fs';
import path from 'node:path';
import { allFirstLoadFiles } from './lib/first-load.mjs';

const hint = '//# allFunctionsCalledOnLoad\n';
const dist = process.env.NEXT_DIST_DIR || '.next';
let marked = 0;
let bytes = 0;
for (const file of allFirstLoadFiles(dist)) {
  const target = path.join(dist, file);
  const source = fs.readFileSync(target, 'utf8');
  if (source.startsWith(hint)) continue;
  fs.writeFileSync(target, hint + source);
  marked += 1;
  bytes += source.length;
  const mapName = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(source)?.[1];
  if (mapName?.startsWith('data:')) {
    console.warn(`${file}: its inline source map was not moved down a line`);
    continue;
  }
  const mapFile = mapName ? path.join(path.dirname(target), mapName) : null;
  if (mapFile && fs.existsSync(mapFile)) {
    const map = JSON.parse(fs.readFileSync(mapFile, 'utf8'));
    if (typeof map.mappings === 'string') map.mappings = `;${map.mappings}`;
    for (const section of map.sections ?? []) section.offset.line += 1;
    fs.writeFileSync(mapFile, JSON.stringify(map));
  }
}
console.log(`Compile hints on ${marked} start-up scripts (${(bytes / 1024).toFixed(0)} KiB)`);
