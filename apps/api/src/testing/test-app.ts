import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Express } from 'express';
import mongoose from 'mongoose';
import type { Connection } from 'mongoose';
import type { DestinationStream } from 'pino';
import { inject } from 'vitest';
import { createApp } from '../app';
import { loadConfig } from '../config/env';
import type { Config } from '../config/env';
import { connectDatabase } from '../platform/db/connect';
import { createServices } from '../services';
import type { Services } from '../services';
import { createLogger } from '../platform/logger';

export interface TestApp {
  app: Express;
  config: Config;
  connection: Connection;
  services: Services;
  close(): Promise<void>;
}

/**
 * The real app in-process on a database of its own (dropped by close()), on the shared test server
 * unless `server.mongoUri` names another (a test that takes its server down brings its own);
 * `server.dbName` names the database (one a test has filled, e.g. by a restore) instead of a new one.
 * `options.logTo` receives the log lines (set LOG_LEVEL too: tests log nothing by default);
 * `options.monitorCommands` makes the client emit `commandStarted` for every command it sends;
 * `options.now` is the clock the catalogue's copy is kept by.
 */
export async function startTestApp(
  env: NodeJS.ProcessEnv = {},
  server: { mongoUri?: string; dbName?: string } = {},
  options: { logTo?: DestinationStream; monitorCommands?: boolean; now?: () => number } = {},
): Promise<TestApp> {
  const dbName = server.dbName ?? `test_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const connection = await connectDatabase(server.mongoUri ?? inject('mongoUri'), {
    dbName,
    monitorCommands: options.monitorCommands,
  });
  const config = loadConfig({
    NODE_ENV: 'test',
    WEB_ORIGIN: 'http://localhost:5173',
    BCRYPT_COST: '4',
    RATE_LIMIT_SCALE: '100',
    UPLOAD_DIR: mkdtempSync(path.join(os.tmpdir(), 'vanya-uploads-')),
    ...env,
  });
  const logger = createLogger(config, options.logTo);
  const services = createServices(config, logger, options.now);
  const app = createApp({ config, logger, connection, services });
  return {
    app,
    config,
    connection,
    services,
    async close() {
      await services.close();
      rmSync(config.uploadDir, { recursive: true, force: true });
      await connection.dropDatabase();
      await mongoose.disconnect();
    },
  };
}
