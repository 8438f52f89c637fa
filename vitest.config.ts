// One Vitest run for the whole repository: each package is a project; groups run one after another
// (unit, then integration, then browser) so the CPU-heavy ones do not compete.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two files at a time: Vitest's default on a two-core machine is one (cores - 1), which left a core idle through
    // the unit group. The browser group stays at one (it sets its own).
    maxWorkers: 2,
    projects: [
      { test: { name: 'core', root: 'packages/core', include: ['test/**/*.test.ts'], sequence: { groupOrder: 0 } } },
      { test: { name: 'intel', root: 'packages/intel', include: ['test/**/*.test.ts'], sequence: { groupOrder: 0 } } },
      {
        test: {
          name: 'web',
          root: 'packages/web',
          // Each page's and component's test sits beside it in src/; test/ holds the shared set-up and helpers (a test
          // put there by mistake still runs rather than being skipped).
          include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
          // Component tests render into jsdom with Testing Library; the setup file adds what jsdom lacks for Mantine.
          environment: 'jsdom',
          setupFiles: ['test/setup.ts'],
          // They share the two cores with the scanner's tests: a page test can take seconds under that load.
          testTimeout: 60_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'scanner',
          root: 'packages/scanner',
          include: ['test/**/*.test.ts'],
          testTimeout: 60_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'server',
          root: 'packages/server',
          include: ['test/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One migrated database of each kind for the whole run, copied by every test app.
          globalSetup: ['test/helpers/database-templates.ts'],
          // argon2 and PGlite are CPU-heavy: two files at a time on two cores.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
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
          maxWorkers: 1,
          // Each stack starts from a copy of one migrated database, as the server tests do.
          globalSetup: ['../packages/server/test/helpers/database-templates.ts'],
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
