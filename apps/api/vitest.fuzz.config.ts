import { defineConfig } from 'vitest/config';

// The schemathesis run against the BUILT API (run `pnpm build` first): fuzz/fuzz.test.ts starts
// the API as the journeys do and drives schemathesis over its OpenAPI document. FUZZ_FORM=long
// (pnpm --filter @vanya/api fuzz) sends at least 5,000 requests; the short form a few hundred.
export default defineConfig({
  test: {
    include: ['fuzz/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 60 * 60_000,
    hookTimeout: 120_000,
  },
});
