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
import {
  connectDatabase,
  DatabaseUnreachableError,
  disconnectDatabase,
} from './platform/db/connect';
import { EmbeddedDatabaseError, startEmbeddedServer } from './platform/db/embedded-server';
import type { EmbeddedServer } from './platform/db/embedded-server';
import { missingIndexes } from './platform/db/indexes';
import { createLogger } from './platform/logger';
import type { Logger } from './platform/logger';
import { findRepoRoot } from './platform/paths';

/** A start-up that cannot go on, with what to do about it (logged as one line, no stack). */
class StartupError extends Error {
  override name = 'StartupError';
}

// Until the configuration is read, the log is JSON (readable with LOG_PRETTY=true).
let logger: Logger = createLogger({
  logLevel: 'info',
  logPretty: process.env.LOG_PRETTY === 'true',
});

async function main(): Promise<void> {
  const envFile = path.join(findRepoRoot(), '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);

  const config = loadConfig();
  logger = createLogger(config);

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
  const connection = await connectDatabase(uri, { autoIndex: !config.isProduction });
  const services = createServices(config, logger);
  if (config.isProduction) {
    const missing = await missingIndexes();
    if (missing.length > 0)
      throw new StartupError(
        `The database lacks ${missing.length} of the shop's indexes (${missing.slice(0, 3).join('; ')}${missing.length > 3 ? '; ...' : ''}). Build them first: node dist/cli/indexes.js (docker compose runs it as the indexes service).`,
      );
  }
  const app = createApp({ config, logger, connection, services });
  services.jobs.start();

  const server = http.createServer(app);
  server.listen(config.port, config.host);
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.info(
    { port },
    `Vanya Naturals ${config.serveWeb ? 'shop' : 'API'} is running at http://localhost:${port}`,
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
  const known = [ConfigError, EmbeddedDatabaseError, DatabaseUnreachableError, StartupError];
  if (known.some((kind) => err instanceof kind)) logger.fatal((err as Error).message);
  else logger.fatal({ err }, 'the API could not start');
  // pino writes synchronously to stdout; exit once it is flushed.
  logger.flush(() => process.exit(1));
});
