import { defineConfig } from 'tsup';

// The workspace packages are TypeScript source, so they are bundled into the API; npm
// dependencies stay external and are installed next to dist/ (see the Dockerfile). The backup CLI
// is an entry of its own (dist/cli/backup.js, run by the backup service); no chunks are shared, so
// dist/index.js is the same file with or without it.
export default defineConfig({
  entry: { index: 'src/index.ts', 'cli/backup': 'src/cli/backup.ts' },
  splitting: false,
  format: ['esm'],
  target: 'node24',
  platform: 'node',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  noExternal: [/^@vanya\//],
});
