/**
 * The fault-tolerance tests at full size (issue sizes; CI runs them shorter): the crash test with
 * 50 kills, the fuzz test, and 1,000 flaps in a real browser. Each runs as its own test process;
 * this part reads the summary lines they print and fails when a test fails.
 */
import { buildClient } from '../lib/client-build';
import { compiledServer, run, tempDir } from '../lib/processes';
import type { Part, Row } from '../lib/report';

/** 25 kills per engine: 50 in all. */
const CRASH_ROUNDS = '25';
const FLAPS = process.env.FLAPS ?? '1000';
/** The seed of the published 1,000-flap run; FLAP_SEED replays another. */
const FLAP_SEED = process.env.FLAP_SEED ?? '20261127';

/** Vitest colours its output even into a pipe: the escape codes go before matching. */
const COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** The lines of `output` that match `prefix`, without colour codes. */
const linesOf = (output: string, prefix: RegExp) =>
  output
    .split('\n')
    .map((line) => line.replace(COLOUR, '').trim())
    .filter((line) => prefix.test(line));

/** Runs one test file as `npm test` would, with the full-size settings in `env`. */
async function testRun(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ output: string; minutes: string }> {
  const started = Date.now();
  const output = await run(process.execPath, args, env, undefined, 7_200_000);
  return { output, minutes: ((Date.now() - started) / 60_000).toFixed(1) };
}

const VITEST = 'node_modules/vitest/vitest.mjs';
const PLAYWRIGHT = 'node_modules/@playwright/test/cli.js';

/** Registered in run.ts's PARTS; runs alone as `npm run bench -- faults`. */
export const faultsPart: Part = {
  name: 'faults',
  async run() {
    const engines = { API_TEST_ENGINES: 'sqlite,postgres' };
    const crash = await testRun(
      ['--no-warnings', VITEST, 'run', '--project', 'api', 'tests/api/crash-safety.test.ts'],
      {
        ...engines,
        CRASH_ROUNDS,
      },
    );
    const fuzz = await testRun(
      ['--no-warnings', VITEST, 'run', '--project', 'api', 'tests/api/fuzz.test.ts'],
      engines,
    );

    const app = await buildClient();
    const server = await compiledServer(undefined);
    const flaps = await testRun(
      [
        PLAYWRIGHT,
        'test',
        'tests/e2e/flaps.spec.ts',
        '--retries',
        '0',
        '--reporter',
        'line',
        '--output',
        tempDir('flaps'),
      ],
      { FLAPS, FLAP_SEED, E2E_SERVER: server, E2E_CLIENT_DIR: app.dir, CI: '' },
    );

    const rows: Row[] = [
      ...linesOf(crash.output, /^crash safety \(/).map((line) => ({ test: 'crash', result: line })),
      ...linesOf(fuzz.output, /^fuzz \((sqlite|postgres)\): (?!seed)/).map((line) => ({
        test: 'fuzz',
        result: line,
      })),
      ...linesOf(flaps.output, /^flaps \d+:/).map((line) => ({ test: 'flaps', result: line })),
    ];
    return {
      note:
        `Full sizes: tests/api/crash-safety.test.ts with CRASH_ROUNDS=${CRASH_ROUNDS} (SIGKILLs per ` +
        'engine, SQLite and PostgreSQL), tests/api/fuzz.test.ts at its default 10,000 generated ' +
        `requests per engine, and tests/e2e/flaps.spec.ts with FLAPS=${FLAPS} (FLAP_SEED=${FLAP_SEED}) ` +
        'on builds of its own. Each line is what the test printed; the tests assert 0 lost, 0 ' +
        'duplicated, every like at its last intent and no 5xx, so a line here means that held. ' +
        `Crash finished in ${crash.minutes} min, fuzz in ${fuzz.minutes} min, flaps in ` +
        `${flaps.minutes} min.`,
      rows,
    };
  },
};
