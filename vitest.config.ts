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
          // Screens that wait on real timers (polling, findBy up to 8 s) on a busy 2-core runner.
          testTimeout: 15_000,
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
