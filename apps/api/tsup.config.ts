import { defineConfig } from 'tsup';

// The workspace packages are TypeScript source, so they are bundled into the API; npm
// dependencies stay external and are installed next to dist/ (see the Dockerfile).
export default defineConfig({
  // The password routes' thread (password-worker-app.ts) is a second entry: index.js starts it by
  // file name.
  entry: ['src/index.ts', 'src/password-worker-app.ts'],
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
