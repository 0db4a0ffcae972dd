// Registers many accounts against a running deployment, from this one address, the way a QA suite's
// set-up does (issue 13; README "Running QA suites against a deployment"). It passes when every
// registration answers 201: on a deployment configured with qa.env, 1,000 do; with the production
// defaults the 201st answers 429. The accounts stay: run it only against a QA deployment.
//
//   npm run qa:registrations -- --base-url http://127.0.0.1:3000 --count 1000 --concurrency 4

interface Options {
  baseUrl: string;
  count: number;
  concurrency: number;
}

function parseOptions(argv: string[]): Options {
  const options: Options = { baseUrl: 'http://127.0.0.1:3000', count: 1000, concurrency: 4 };
  for (let index = 0; index < argv.length; index += 2) {
    const [flag, value] = [argv[index], argv[index + 1]];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    if (flag === '--base-url') options.baseUrl = value.replace(/\/+$/, '');
    else if (flag === '--count') options.count = Number(value);
    else if (flag === '--concurrency') options.concurrency = Number(value);
    else throw new Error(`Unknown option ${flag}. Usage: --base-url URL --count N --concurrency N`);
  }
  // Bounded on purpose: this is a set-up check, not a load test.
  if (!Number.isInteger(options.count) || options.count < 1 || options.count > 10_000) throw new Error('--count must be 1 to 10000');
  if (!Number.isInteger(options.concurrency) || options.concurrency < 1 || options.concurrency > 16) throw new Error('--concurrency must be 1 to 16');
  return options;
}

async function registerOne(options: Options, index: number, runId: string): Promise<{ status: number; message?: string }> {
  const response = await fetch(`${options.baseUrl}/api/auth/register`, {
    method: 'POST',
    // Same-origin, as the browser's own form sends it (cross-origin mutations are refused).
    headers: { 'content-type': 'application/json', origin: options.baseUrl },
    body: JSON.stringify({ firstName: 'Qa', lastName: `Runner ${index}`, email: `qa.${runId}.${index}@example.com`, password: 'Qa-Suite-Password-2049' }),
  });
  const body = (await response.json().catch(() => null)) as { message?: string } | null;
  return { status: response.status, message: body?.message };
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const runId = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const statuses = new Map<number, number>();
  let next = 0;
  let firstFailure: string | null = null;
  const started = Date.now();

  async function worker() {
    while (next < options.count && firstFailure === null) {
      const index = (next += 1);
      const { status, message } = await registerOne(options, index, runId);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status !== 201) firstFailure ??= `registration ${index} answered ${status}: ${message ?? '(no message)'}`;
      if (index % 100 === 0) console.log(`${index} registrations sent`);
    }
  }
  await Promise.all(Array.from({ length: options.concurrency }, worker));

  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const summary = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}: ${count}`).join(', ');
  console.log(`${options.baseUrl}: ${summary} in ${seconds} s`);
  if (firstFailure) {
    console.error(`FAILED — ${firstFailure}`);
    process.exitCode = 1;
  } else {
    console.log(`OK — ${options.count} accounts registered from one address without a refusal.`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
