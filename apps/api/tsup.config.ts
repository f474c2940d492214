import { defineConfig } from 'tsup';

// The workspace packages are TypeScript source, so they are bundled into the API; npm
// dependencies stay external and are installed next to dist/ (see the Dockerfile).
export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  target: 'node24',
  platform: 'node',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  noExternal: [/^@vanya\//],
});
