// bcrypt hashes on libuv's thread pool, which Node starts (loading this very module) before any
// code here runs: its size, UV_THREADPOOL_SIZE, is set where the process starts (the `start`
// script, the Dockerfile), never from .env.
import { existsSync } from 'node:fs';
import http from 'node:http';
import { once } from 'node:events';
import path from 'node:path';
import { createApp } from './app';
import { ConfigError, loadConfig } from './config/env';
import { createServices } from './services';
import { connectDatabase, disconnectDatabase } from './platform/db/connect';
import { EmbeddedDatabaseError, startEmbeddedServer } from './platform/db/embedded-server';
import type { EmbeddedServer } from './platform/db/embedded-server';
import { migrateOldLayout } from './platform/db/migrate-old-layout';
import { migrateLegacyClaims } from './modules/orders/legacy-claims';
import { migratePhoneAccountsLayout } from './modules/users/phone-accounts-layout';
import { createLogger } from './platform/logger';
import { findRepoRoot } from './platform/paths';

async function main(): Promise<void> {
  const envFile = path.join(findRepoRoot(), '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);

  const config = loadConfig();
  const logger = createLogger(config);

  let embedded: EmbeddedServer | undefined;
  let uri = config.mongodbUri;
  if (!uri) {
    embedded = await startEmbeddedServer({
      dataDir: path.join(config.dataDir, 'db'),
      repoRoot: config.repoRoot,
      say: (line) => logger.info(line),
    });
    uri = embedded.uri;
    logger.info(
      `Embedded database: ${embedded.kind} on 127.0.0.1:${embedded.port}, data in ${embedded.dataDir}`,
    );
  }
  const connection = await connectDatabase(uri);
  const migrated = await migrateOldLayout(connection);
  if (migrated.length > 0) logger.info({ migrated }, 'data of the old layout migrated');
  const claims = await migrateLegacyClaims();
  if (claims > 0) logger.info({ claims }, 'decisions of the old claims collection migrated');
  await migratePhoneAccountsLayout(connection, logger);
  const services = createServices(config, logger);
  const app = createApp({ config, logger, connection, services });
  services.jobs.start();

  const server = http.createServer(app);
  server.listen(config.port, config.host);
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // Plain text on purpose: the line a person running the shop looks for, whatever the log level.
  console.log(
    `\nVanya Naturals ${config.serveWeb ? 'shop' : 'API'} is running at http://localhost:${port}\n`,
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    const closed = new Promise((resolve) => server.close(resolve));
    server.closeIdleConnections();
    await closed;
    await services.close();
    await disconnectDatabase();
    await embedded?.stop();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof EmbeddedDatabaseError) {
    console.error(`\n${err.message}\n`);
  } else {
    console.error(err);
  }
  process.exit(1);
});
