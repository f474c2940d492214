import { execFileSync } from 'node:child_process';
import { defineConfig } from 'tsup';

// The workspace packages are TypeScript source, so they are bundled into the API; npm
// dependencies stay external and are installed next to dist/ (see the Dockerfile). The image's
// commands are entries of their own: dist/cli/backup.js (the backup service), dist/cli/owner.js
// (owners granted and revoked) and dist/cli/indexes.js (the deploy step that builds the indexes);
// no chunks are shared, so dist/index.js is the same file with or without them.

/** What /api/health reports as the version: SHOP_VERSION (the image's build argument), else git's. */
function buildVersion(): string {
  if (process.env.SHOP_VERSION) return process.env.SHOP_VERSION;
  try {
    return execFileSync('git', ['describe', '--always', '--dirty'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'cli/backup': 'src/cli/backup.ts',
    'cli/owner': 'src/cli/owner.ts',
    'cli/indexes': 'src/cli/indexes.ts',
  },
  splitting: false,
  format: ['esm'],
  target: 'node24',
  platform: 'node',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  noExternal: [/^@vanya\//],
  env: { SHOP_VERSION: buildVersion() },
});
