import { defineConfig } from 'tsup';

// The workspace packages are TypeScript source, so they are bundled into the API; npm
// dependencies stay external and are installed next to dist/ (see the Dockerfile). The image's two
// commands are entries of their own: dist/cli/backup.js (run by the backup service) and
// dist/cli/owner.js (owners granted and revoked); no chunks are shared, so dist/index.js is the
// same file with or without them.
export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'cli/backup': 'src/cli/backup.ts',
    'cli/owner': 'src/cli/owner.ts',
  },
  splitting: false,
  format: ['esm'],
  target: 'node24',
  platform: 'node',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  noExternal: [/^@vanya\//],
});
