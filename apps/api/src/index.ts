import { existsSync } from 'node:fs';
import path from 'node:path';
import { createApp } from './app';
import { ConfigError, loadConfig } from './config/env';
import { createServices } from './services';
import { connectDatabase, disconnectDatabase } from './platform/db/connect';
import { EmbeddedDatabaseError, startEmbeddedServer } from './platform/db/embedded-server';
import type { EmbeddedServer } from './platform/db/embedded-server';
import { startRequestWorker } from './platform/http/request-worker';
import { appServer, close, listen } from './platform/http/server';
import { coreSplit, reserveMainCore } from './platform/cores';
import { HELPER_THREAD_NICE, lowerHelperThreads } from './platform/helper-threads';
import { createLogger } from './platform/logger';
import { findRepoRoot, firstExisting } from './platform/paths';
import type { PasswordWorkerData } from './password-worker-app';

// env -> database -> createApp -> listen -> graceful shutdown. The only listen() of the API.
async function main(): Promise<void> {
  const envFile = path.join(findRepoRoot(), '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);

  const config = loadConfig();
  const logger = createLogger(config);

  // A core of its own for the main thread, where there are two or more (platform/cores.ts):
  // decided before any thread or the embedded database starts.
  const cores = coreSplit({ mainCore: config.mainCore });
  let embedded: EmbeddedServer | undefined;
  let uri = config.mongodbUri;
  if (!uri) {
    embedded = await startEmbeddedServer({
      dataDir: path.join(config.dataDir, 'db'),
      repoRoot: config.repoRoot,
      say: (line) => logger.info(line),
      ...(cores && { cpus: cores.others }),
    });
    uri = embedded.uri;
    logger.info(
      `Embedded database: ${embedded.kind} on 127.0.0.1:${embedded.port}, data in ${embedded.dataDir}`,
    );
  }
  const connection = await connectDatabase(uri);
  const services = createServices(config, logger);
  // Logins and the other password routes run in a thread of their own, with their own pool of
  // hashing threads, so that their work never holds up this one (platform/http/request-worker.ts).
  const passwords = startRequestWorker({
    file: passwordWorkerFile(),
    workerData: { mongodbUri: uri } satisfies PasswordWorkerData,
    logger,
    bodyLimit: config.jsonBodyLimit,
    // Its young generation small (V8 would reserve 32 MB): the thread answers a few requests a
    // second, and the API's memory stays within its 200 MB (bench:overhead).
    resourceLimits: { maxYoungGenerationSizeMb: 2 },
  });
  await passwords.ready;
  // The main thread answers every shopper; the process's other threads run a little below it.
  const lowered = await lowerHelperThreads();
  logger.info({ threads: lowered, steps: HELPER_THREAD_NICE }, 'helper threads lowered');
  if (cores && (await reserveMainCore(cores)))
    logger.info({ core: cores.main, others: cores.others }, 'main thread has a core of its own');
  const app = createApp({
    config,
    logger,
    connection,
    services,
    passwords,
  });
  services.jobs.start();

  const server = appServer(app);
  await listen(server, config.port, config.host);
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
    server.closeIdleConnections();
    await close(server);
    await passwords.stop();
    await services.close();
    await disconnectDatabase();
    await embedded?.stop();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

/** The password routes' thread: its built file next to index.js, or its source next to index.ts. */
function passwordWorkerFile(): URL {
  return firstExisting(
    [
      new URL('./password-worker-app.js', import.meta.url),
      new URL('./password-worker-app.ts', import.meta.url),
    ],
    'password-worker-app',
  );
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof EmbeddedDatabaseError) {
    console.error(`\n${err.message}\n`);
  } else {
    console.error(err);
  }
  process.exit(1);
});
