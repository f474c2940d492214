import { defineConfig } from 'vitest/config';

// The chaos suite: the BUILT API (run `pnpm build` first) under crashes, outages and unruly
// webhooks; see chaos/chaos.test.ts. CHAOS_SHOPPERS sets the number of shoppers (100).
export default defineConfig({
  test: {
    include: ['chaos/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 15 * 60_000,
    hookTimeout: 240_000,
  },
});
