import { defineConfig } from 'tsup';

// The workspace packages are TypeScript source, so they are bundled into the API; npm
// dependencies stay external and are installed next to dist/ (see the Dockerfile).
export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  noExternal: [/^@vanya\//],
  // The password worker is loaded by file name at run time, so it ships next to index.js.
  onSuccess: 'cp src/modules/auth/password-worker.mjs dist/password-worker.mjs',
});
