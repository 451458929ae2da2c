// npm run test:loaded [-- unit api e2e]: the test suites on a machine kept busy on purpose, so that
// a test that passes only on a quiet machine fails here rather than now and then in CI.
//
// For the whole run `stress-ng --cpu 2` keeps two cores busy (missing? `apt-get install stress-ng`).
// Meanwhile the unit suite runs three times, the API suite three times and the end-to-end suite once
// (`npm run test:e2e`, with its build), none of them with retries. Naming suites runs only those.
// Each run's time and result is printed, and a summary at the end; stress-ng is stopped however the
// script ends (a failure, Ctrl-C, SIGTERM). The exit code is non-zero when any run failed.
import { spawn, spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';

/** Runs per suite; a test that fails once in three under load is a defect to fix, not to retry. */
const SUITES = {
  unit: { times: 3, command: 'npx', args: ['vitest', 'run', '--project', 'unit', '--retry=0'] },
  api: { times: 3, command: 'npx', args: ['vitest', 'run', '--project', 'api', '--retry=0'] },
  // Arguments after `--` reach the last command of the script: `playwright test`.
  e2e: { times: 1, command: 'npm', args: ['run', 'test:e2e', '--', '--retries=0'] },
};
// A safety net only: stress-ng stops by itself should this script be killed without a chance to.
const STRESS = ['--cpu', '2', '--timeout', '4h', '--quiet'];

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in SUITES));
if (unknown.length > 0) {
  console.error(
    `Unknown suite ${unknown.join(', ')}; choose from ${Object.keys(SUITES).join(', ')}`,
  );
  process.exit(2);
}
const chosen =
  asked.length > 0
    ? Object.keys(SUITES).filter((name) => asked.includes(name))
    : Object.keys(SUITES);

if (spawnSync('stress-ng', ['--version'], { stdio: 'ignore' }).error) {
  console.error('stress-ng is missing: apt-get install stress-ng');
  process.exit(1);
}
// The API and end-to-end suites drive Debian programs; install them first, as `npm test` does.
if (chosen.some((name) => name !== 'unit')) {
  const check = spawnSync('node', ['scripts/test-prerequisites.mjs'], { stdio: 'inherit' });
  if (check.status !== 0) process.exit(check.status ?? 1);
}

// In a process group of its own, so that stopping it stops its workers too, and so that a Ctrl-C
// meant for the suites does not reach it before this script can report.
const stress = spawn('stress-ng', STRESS, { stdio: 'ignore', detached: true });
let stressRunning = true;
stress.on('exit', (code, signal) => {
  if (!stressRunning) return;
  stressRunning = false;
  console.error(
    `stress-ng stopped early (${signal ?? `exit code ${code}`}): what follows runs unloaded`,
  );
});
function stopStress() {
  if (!stressRunning) return;
  stressRunning = false;
  try {
    process.kill(-stress.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}
process.on('exit', stopStress);

/** The suite run under way, to pass a signal on to. */
let current = null;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping the run and stress-ng`);
    // The whole group: npx and npm leave the test runner they started running when stopped alone.
    if (current) {
      try {
        process.kill(-current.pid, signal);
      } catch {
        // already gone
      }
    }
    stopStress();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  });
}

function minutes(ms) {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, '0')}s`;
}

function run(command, args, env) {
  return new Promise((resolve) => {
    // A process group of its own (nothing reads the terminal), so a signal can reach all of it.
    current = spawn(command, args, {
      stdio: ['ignore', 'inherit', 'inherit'],
      env,
      detached: true,
    });
    current.on('error', (error) => resolve({ code: 1, error }));
    current.on('exit', (code, signal) => resolve({ code: code ?? 1, signal }));
  });
}

console.log(
  `stress-ng ${STRESS.join(' ')} is running (pid ${stress.pid}); suites: ${chosen.join(', ')}`,
);
const results = [];
for (const name of chosen) {
  const { times, command, args } = SUITES[name];
  for (let round = 1; round <= times; round++) {
    const label = `${name} ${round}/${times}`;
    console.log(
      `\n=== ${label}: ${[command, ...args].join(' ')} (load ${loadavg()[0].toFixed(1)})`,
    );
    // Each run's report (when REPORT_DIR asks for one) is named after it, not after this script.
    const env = { ...process.env, npm_lifecycle_event: `test-loaded-${name}-${round}` };
    const started = Date.now();
    const { code, signal, error } = await run(command, args, env);
    current = null;
    const result = { label, ms: Date.now() - started, passed: code === 0 };
    results.push(result);
    const why = error ? ` (${error.message})` : signal ? ` (${signal})` : '';
    console.log(
      `=== ${label}: ${result.passed ? 'passed' : 'FAILED'}${why} in ${minutes(result.ms)}`,
    );
  }
}
stopStress();

console.log('\nUnder stress-ng --cpu 2:');
for (const { label, ms, passed } of results) {
  console.log(`  ${label.padEnd(10)} ${passed ? 'passed' : 'FAILED'}  ${minutes(ms)}`);
}
const failed = results.filter((result) => !result.passed).length;
console.log(failed === 0 ? 'All runs passed.' : `${failed} of ${results.length} runs failed.`);
process.exit(failed === 0 ? 0 : 1);
