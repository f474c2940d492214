import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // One embedded MongoDB-compatible server for the whole run (a throw-away data folder);
    // each test file works in a database of its own on it.
    globalSetup: ['src/testing/global-setup.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
