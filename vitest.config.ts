import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
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
