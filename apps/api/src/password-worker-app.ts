// The thread that answers the password routes (PASSWORD_PATHS: login, sign-up, password reset
// and change, two-step switch), started by index.ts through platform/http/request-worker.ts. It
// builds the account routes as the whole API mounts them (password-app.ts), on a database
// connection of its own, and answers the requests the main thread passes on; it loads nothing
// else of the API (no orders, invoices, web app or background jobs). Its bcrypt runs in its own
// pool of hashing threads.
import { parentPort, workerData } from 'node:worker_threads';
import { createAuthServices } from './auth-services';
import { loadConfig } from './config/env';
import { connectDatabase, databaseState, disconnectDatabase } from './platform/db/connect';
import { answerRequests } from './platform/http/request-worker';
import type { FromWorker } from './platform/http/request-worker';
import { createLogger } from './platform/logger';
import { createPasswordApp } from './password-app';

export interface PasswordWorkerData {
  /** The database the main thread connected to (the embedded one's address is known only there). */
  mongodbUri: string;
}

const port = parentPort;
if (!port) throw new Error('password-worker-app runs in a worker thread (index.ts starts it)');

try {
  const { mongodbUri } = workerData as PasswordWorkerData;
  const config = { ...loadConfig(), serveWeb: false };
  const logger = createLogger(config).child({ thread: 'passwords' });
  const connection = await connectDatabase(mongodbUri);
  const services = createAuthServices(config, logger);
  const app = createPasswordApp({ config, logger, services });
  answerRequests(
    port,
    app,
    async () => {
      await services.passwordHasher.close();
      await disconnectDatabase();
    },
    // Its own connection, for /api/health's "logins" (the main thread's is reported beside it).
    () => databaseState(connection),
  );
} catch (err) {
  port.postMessage({
    kind: 'failed',
    message: err instanceof Error ? err.message : String(err),
  } satisfies FromWorker);
  throw err;
}
