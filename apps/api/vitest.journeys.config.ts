import { defineConfig } from 'vitest/config';

// The journeys: black-box checks of the BUILT API (run `pnpm build` first). Each file starts its
// own stack (database, SMTP server, Razorpay-protocol server, the API as a child process), so the
// files run one after another on a 2-core machine.
export default defineConfig({
  test: {
    include: ['journeys/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
