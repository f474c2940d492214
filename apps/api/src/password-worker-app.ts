// The thread that answers the password routes (PASSWORD_PATHS: login, sign-up, password reset
// and change, two-step switch), started by index.ts through platform/http/request-worker.ts. It
// builds the account routes as the whole API mounts them (password-app.ts), on a database
// connection of its own, and answers the requests the main thread passes on; it loads nothing
// else of the API (no orders, invoices, web app or background jobs). Its bcrypt runs in its own
// pool of hashing threads.
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { createAuthServices } from './auth-services';
import { loadConfig } from './config/env';
import { leaveMainCore } from './platform/cores';
import { connectDatabase, databaseState, disconnectDatabase } from './platform/db/connect';
import { niceBelowMain } from './platform/helper-threads';
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

// Five nice steps below the main thread (Linux: the nice value is the thread's own), so the shop's
// reads come first: a login's own work here (some 5-6 ms of CPU besides its bcrypt) gives way
// while the main thread has requests, instead of sharing the cores with it evenly. The hashing
// threads this thread starts sit ten steps below it (password-worker.mjs), fifteen below the main
// thread. Measured by bench:login (README): both together, not either alone, kept the catalogue's
// answers quick during the bursts.
const PASSWORD_THREAD_NICE = 5;
try {
  os.setPriority(niceBelowMain(PASSWORD_THREAD_NICE));
} catch {
  // Not permitted here: the main thread's priority.
}
// Off the main thread's core (platform/cores.ts): the main thread moves this thread there when it
// first starts, but a thread started again after a crash inherits the main thread's own core.
await leaveMainCore();

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
