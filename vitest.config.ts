// One Vitest run for the whole repository: each package is a project.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'core', root: 'packages/core', include: ['test/**/*.test.ts'] } },
      { test: { name: 'web', root: 'packages/web', include: ['test/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'packages/server',
          include: ['test/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // argon2 and PGlite are CPU-heavy; two cores run two files at once.
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['**/*.test.ts'],
          exclude: ['node_modules/**'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
