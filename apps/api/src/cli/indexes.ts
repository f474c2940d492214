// Builds the database's indexes, the deploy step production needs before the API starts (it
// refuses to start while one is missing, and never builds them itself). From the repo:
// pnpm --filter @vanya/api indexes; in the image: node dist/cli/indexes.js (compose's `indexes`
// service runs it before the shop starts). Existing indexes stay as they are.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createLogger } from '../platform/logger';
import { connectDatabase, disconnectDatabase } from '../platform/db/connect';
import { buildIndexes } from '../platform/db/indexes';
import { findRepoRoot } from '../platform/paths';
// Loading the app and the services registers every model, and with it every index they declare.
import '../app';
import '../services';

async function main(): Promise<void> {
  const envFile = path.join(findRepoRoot(), '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  const uri = process.env.MONGODB_URI;
  if (!uri) throw new Error('Set MONGODB_URI: the database whose indexes to build.');
  const logger = createLogger({
    logLevel: 'info',
    logPretty: process.env.LOG_PRETTY === 'true',
  });
  await connectDatabase(uri, { autoIndex: false });
  try {
    const collections = await buildIndexes();
    logger.info({ collections: collections.length }, 'indexes built');
  } finally {
    await disconnectDatabase();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
