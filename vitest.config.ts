import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

// CI collects a JSON report per suite (named after the npm script) to sum up the results.
const reportDir = process.env.REPORT_DIR;
const reportName = (process.env.npm_lifecycle_event ?? 'vitest').replace(/[^a-z0-9-]/gi, '-');

// Vitest leaves one core free by default, which on a 2-core runner is a single worker; both
// suites wait on timers and the database as much as on the CPU, so they take every core.
const maxWorkers = Math.max(2, availableParallelism());

export default defineConfig({
  test: {
    maxWorkers,
    reporters: reportDir
      ? ['default', ['json', { outputFile: join(reportDir, `${reportName}.json`) }]]
      : ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          // Sets the one bound on waiting for a condition (Testing Library's, 10 s); no test sets its own.
          setupFiles: ['tests/unit/setup.ts'],
          // A test awaits its lazy screens and then a few conditions, each of which can take seconds
          // on a busy 2-core runner; a miss should end at a condition's bound, with the DOM shown.
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          // The walls between runtimes and the import graph, read from the sources in Node.
          name: 'lint',
          include: ['tests/lint/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // Test files share one PostgreSQL server; each file uses its own schema, so files may run in parallel.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
