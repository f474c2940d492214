import mongoose from 'mongoose';
import type { Connection } from 'mongoose';

/**
 * How the API lives with a database that goes away and comes back (no restart needed):
 *
 * - every operation waits at most SERVER_SELECTION_TIMEOUT_MS for a server to talk to, then fails
 *   with MongoServerSelectionError, which the error handler answers with 503
 *   DATABASE_UNAVAILABLE; an operation on a connection the server dropped fails with a network
 *   error (also 503), after at most one retry that again waits for a server. Measured against a
 *   killed FerretDB: 0.3 to 1.7 s with the 1 s used here (about 2 s with 1.5 s, hence 1 s);
 * - mongoose never holds an operation back waiting for a reconnect longer than that either (its
 *   default is 10 s);
 * - the driver checks the server every HEARTBEAT_FREQUENCY_MS (and at once when an operation asks
 *   for a server), so a database that is back is used again within a second or two;
 * - opening a socket to a host that stopped answering gives up after CONNECT_TIMEOUT_MS.
 *
 * Only the first connection at start-up waits longer (STARTUP_TIMEOUT_MS), retrying, so that a
 * database starting next to the API (the embedded server, a container) has time to come up.
 */
export const SERVER_SELECTION_TIMEOUT_MS = 1_000;
export const HEARTBEAT_FREQUENCY_MS = 1_000;
export const CONNECT_TIMEOUT_MS = 3_000;
export const STARTUP_TIMEOUT_MS = 30_000;

// The database rules (README): filters are sanitised ({$gt: ''} from a client becomes a literal), and a
// query on a path the schema does not know is an error rather than silently ignored. The server's
// own operators must therefore be marked: `{ expiresAt: trusted({ $gt: now }) }`.
mongoose.set('sanitizeFilter', true);
mongoose.set('strictQuery', 'throw');
mongoose.set('bufferTimeoutMS', SERVER_SELECTION_TIMEOUT_MS);

export interface ConnectOptions {
  dbName?: string;
  /** How long the first connection may take, retrying (default STARTUP_TIMEOUT_MS). */
  startupTimeoutMs?: number;
}

export async function connectDatabase(
  uri: string,
  options: ConnectOptions = {},
): Promise<Connection> {
  const deadline = Date.now() + (options.startupTimeoutMs ?? STARTUP_TIMEOUT_MS);
  for (;;) {
    try {
      await mongoose.connect(uri, {
        dbName: options.dbName,
        serverSelectionTimeoutMS: SERVER_SELECTION_TIMEOUT_MS,
        heartbeatFrequencyMS: HEARTBEAT_FREQUENCY_MS,
        connectTimeoutMS: CONNECT_TIMEOUT_MS,
        autoIndex: true,
      });
      return mongoose.connection;
    } catch (err) {
      // Only "nobody answers yet" is worth waiting for; a bad URI or bad credentials are not.
      if (!isDatabaseUnavailable(err) || Date.now() >= deadline) throw err;
      await mongoose.disconnect().catch(() => {});
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

export async function disconnectDatabase(): Promise<void> {
  await mongoose.disconnect();
}

/**
 * Driver and mongoose errors that mean "no database to talk to right now", not a bad request:
 * no server to select, a dropped or refused connection (MongoNetworkError covers its timeout and
 * pool-cleared kinds), a client that is closed or not connected.
 */
const UNAVAILABLE_ERRORS = [
  mongoose.mongo.MongoServerSelectionError,
  mongoose.Error.MongooseServerSelectionError,
  mongoose.mongo.MongoNetworkError,
  mongoose.mongo.MongoNotConnectedError,
  mongoose.mongo.MongoTopologyClosedError,
  mongoose.mongo.MongoServerClosedError,
];

/**
 * Socket errors of a connection the database dropped. The driver (mongodb 7.8) lets a write on a
 * socket the server has already closed escape as Node's own EPIPE error instead of a
 * MongoNetworkError, so such errors count when the driver is on their stack.
 */
const SOCKET_ERROR_CODES = new Set([
  'EPIPE',
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
const DRIVER_FRAME = /[\\/]node_modules[\\/]mongodb[\\/]lib[\\/]/;

/**
 * True when an error says the database cannot be reached (down, restarting, unreachable), looking
 * through `cause` chains: the caller should answer 503 and let the client try again.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; depth++) {
    if (UNAVAILABLE_ERRORS.some((kind) => e instanceof kind)) return true;
    // mongoose's own wait for a (re)connection, e.g. 'Operation `users.findOne()` buffering timed out'.
    if (e instanceof mongoose.Error && /buffering timed out/.test(e.message)) return true;
    const code = (e as NodeJS.ErrnoException).code;
    if (code && SOCKET_ERROR_CODES.has(code) && DRIVER_FRAME.test(e.stack ?? '')) return true;
    e = e.cause;
  }
  return false;
}

/** 'up' only when the connection is open and the server answers a ping within the time limit. */
export async function databaseState(
  connection: Connection,
  timeoutMs = SERVER_SELECTION_TIMEOUT_MS,
): Promise<'up' | 'down'> {
  if (connection.readyState !== 1 || !connection.db) return 'down';
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      connection.db.admin().ping(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('ping timed out')), timeoutMs);
      }),
    ]);
    return 'up';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}
