// Grants or revokes the owner role on the database the shop uses (MONGODB_URI, else the embedded
// server of .data/db, started if need be). From the repo: pnpm owner:grant <email> (owner:revoke);
// in the image: docker compose exec shop node dist/cli/owner.js grant <email> (or revoke).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config/env';
import { setOwner } from '../modules/admin/owners';
import { connectDatabase, disconnectDatabase } from '../platform/db/connect';
import { runningEmbeddedServer, startEmbeddedServer } from '../platform/db/embedded-server';
import type { EmbeddedServer } from '../platform/db/embedded-server';
import { findRepoRoot } from '../platform/paths';

async function main(): Promise<void> {
  const [action, email] = process.argv.slice(2);
  if ((action !== 'grant' && action !== 'revoke') || !email) {
    console.error('Usage: owner grant <email>   or   owner revoke <email>');
    process.exit(2);
  }
  const envFile = path.join(findRepoRoot(), '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  const config = loadConfig();
  let embedded: EmbeddedServer | undefined;
  let uri = config.mongodbUri;
  if (!uri) {
    const dataDir = path.join(config.dataDir, 'db');
    uri = await runningEmbeddedServer(dataDir);
    if (!uri) {
      embedded = await startEmbeddedServer({ dataDir, repoRoot: config.repoRoot });
      uri = embedded.uri;
    }
  }
  try {
    await connectDatabase(uri);
    console.log(await setOwner(email, action === 'grant'));
  } finally {
    await disconnectDatabase();
    await embedded?.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
