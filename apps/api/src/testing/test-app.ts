import { randomUUID } from 'node:crypto';
import type { Express } from 'express';
import mongoose from 'mongoose';
import type { Connection } from 'mongoose';
import { inject } from 'vitest';
import { createApp } from '../app';
import { loadConfig } from '../config/env';
import type { Config } from '../config/env';
import { connectDatabase } from '../shared/db/connect';
import { createLogger } from '../shared/logger';

export interface TestApp {
  app: Express;
  config: Config;
  connection: Connection;
  close(): Promise<void>;
}

/** The real app in-process on a database of its own (dropped by close()). */
export async function startTestApp(env: NodeJS.ProcessEnv = {}): Promise<TestApp> {
  const dbName = `test_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const connection = await connectDatabase(inject('mongoUri'), { dbName });
  const config = loadConfig({ NODE_ENV: 'test', WEB_ORIGIN: 'http://localhost:5173', ...env });
  const app = createApp({ config, logger: createLogger(config), connection });
  return {
    app,
    config,
    connection,
    async close() {
      await connection.dropDatabase();
      await mongoose.disconnect();
    },
  };
}
