import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globals: true,
    // Two cores: two test files at a time, each on its own fresh database.
    maxWorkers: 2,
    minWorkers: 1,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          globals: true,
          // A few unit tests start a child Node process, which tsx compiles on the way in: seconds each, more when the
          // two cores are shared with another test file, so vitest's default 5 s is too short for them on CI.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globals: true,
          // After each file: the databases it left open are closed, their ledgers checked.
          setupFiles: ['tests/helpers/close-databases.ts'],
          // Tests make their gifts through the product (tests/helpers/gifts.ts): dozens of requests each, and a fresh
          // migrated database per file, take minutes on the shared two cores under load.
          testTimeout: 180_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globals: true,
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // One server and one browser at a time: the machine has two cores.
          poolOptions: { forks: { singleFork: true } },
        },
      },
    ],
  },
});
