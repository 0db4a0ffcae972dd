// `npm test`: each stage of the suite in turn, stopping at the first failure, with its duration,
// so a CI log shows which stage is slowest. Stages are npm scripts of package.json.
import { spawnSync } from 'node:child_process';

const stages = process.argv.slice(2);
const timings = [];
let failed;
for (const stage of stages) {
  const started = process.hrtime.bigint();
  console.log(`\n=== stage ${stage}`);
  const { status } = spawnSync('npm', ['run', '--silent', stage], { stdio: 'inherit' });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  timings.push([stage, seconds]);
  console.log(`=== stage ${stage} ${status === 0 ? 'passed' : 'FAILED'} in ${seconds.toFixed(0)} s`);
  if (status !== 0) {
    failed = stage;
    break;
  }
}
console.log('\nStage durations:');
for (const [stage, seconds] of timings) console.log(`  ${stage.padEnd(18)} ${seconds.toFixed(0).padStart(5)} s`);
if (failed) {
  console.error(`Stage ${failed} failed.`);
  process.exit(1);
}
