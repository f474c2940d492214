import mongoose from 'mongoose';
import type { Connection } from 'mongoose';

/**
 * How the API lives with a database that goes away and comes back (no restart needed):
 *
 * - every operation waits at most SERVER_SELECTION_TIMEOUT_MS for a server, then fails with an
 *   error the error handler answers with 503 DATABASE_UNAVAILABLE; an operation on a dropped
 *   connection fails with a network error (also 503) after at most one retry. Measured against a
 *   killed FerretDB: 0.3 to 1.7 s with the 1 s used here (about 2 s with 1.5 s, hence 1 s);
 * - mongoose never holds an operation back waiting for a reconnect longer than that either (its
 *   default is 10 s);
 * - the driver checks the server every HEARTBEAT_FREQUENCY_MS, so a database that is back is used
 *   again within a second or two;
 * - an operation on a socket the database stopped answering without closing it (a host that
 *   vanished: no FIN, no RST) fails after SOCKET_TIMEOUT_MS instead of the kernel's keepalive,
 *   minutes later;
 * - a watchdog (watchConnection) recycles a driver that has stopped looking for its server.
 *
 * Only the first connection at start-up waits longer (STARTUP_TIMEOUT_MS), retrying, so that a
 * database starting next to the API (the embedded server, a container) has time to come up.
 */
export const SERVER_SELECTION_TIMEOUT_MS = 1_000;
export const HEARTBEAT_FREQUENCY_MS = 1_000;
const CONNECT_TIMEOUT_MS = 3_000;
/** Longer than any request of the shop takes; bounds an operation on a half-open socket. */
const SOCKET_TIMEOUT_MS = 30_000;
const STARTUP_TIMEOUT_MS = 30_000;
/** A heartbeat settles within connectTimeoutMS (its socket timeout) plus the interval; with margin. */
const HEARTBEAT_STUCK_MS = CONNECT_TIMEOUT_MS + HEARTBEAT_FREQUENCY_MS + 2_000;
/**
 * How long the driver may go on seeing no usable server while fresh connections get through (its
 * own monitor, when it works, finds the server within a heartbeat).
 */
const RECYCLE_AFTER_MS = 2 * HEARTBEAT_FREQUENCY_MS;

// The database rules (README): filters are sanitised ({$gt: ''} from a client becomes a literal), and a
// query on a path the schema does not know is an error rather than silently ignored. The server's
// own operators must therefore be marked: `{ expiresAt: trusted({ $gt: now }) }`.
mongoose.set('sanitizeFilter', true);
mongoose.set('strictQuery', 'throw');
mongoose.set('bufferTimeoutMS', SERVER_SELECTION_TIMEOUT_MS);

let watchdog: { stop(): void } | undefined;

/** The start-up's database never answered: says where it looked, without its credentials. */
export class DatabaseUnreachableError extends Error {
  override name = 'DatabaseUnreachableError';
}

/** A connection string without its user and password, fit for a log line. */
export const redactedUri = (uri: string) => uri.replace(/\/\/[^@/]*@/, '//');

export async function connectDatabase(
  uri: string,
  options: { dbName?: string; autoIndex?: boolean; monitorCommands?: boolean } = {},
): Promise<Connection> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  const connect = () =>
    mongoose.connect(uri, {
      dbName: options.dbName,
      serverSelectionTimeoutMS: SERVER_SELECTION_TIMEOUT_MS,
      heartbeatFrequencyMS: HEARTBEAT_FREQUENCY_MS,
      connectTimeoutMS: CONNECT_TIMEOUT_MS,
      socketTimeoutMS: SOCKET_TIMEOUT_MS,
      // Production builds its indexes in a deploy step (cli/indexes.ts), not at every start.
      autoIndex: options.autoIndex ?? true,
      // Tests that count the database's round trips listen to the client's commandStarted.
      monitorCommands: options.monitorCommands ?? false,
    });
  for (;;) {
    try {
      await connect();
      watchdog?.stop();
      watchdog = watchConnection(mongoose.connection, uri);
      return mongoose.connection;
    } catch (err) {
      // Only "nobody answers yet" is worth waiting for; a bad URI or bad credentials are not.
      if (!isDatabaseUnavailable(err)) throw err;
      if (Date.now() >= deadline) {
        throw new DatabaseUnreachableError(
          `No database answered at ${redactedUri(uri)} within ${STARTUP_TIMEOUT_MS / 1000} s (${(err as Error).message}). Check MONGODB_URI and that the database is running.`,
        );
      }
      await mongoose.disconnect().catch(() => {});
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

export async function disconnectDatabase(): Promise<void> {
  watchdog?.stop();
  watchdog = undefined;
  await mongoose.disconnect();
}

/** True when a fresh client reaches the server at `uri` and it answers a ping. */
async function probeDatabase(uri: string): Promise<boolean> {
  const client = new mongoose.mongo.MongoClient(uri, {
    serverSelectionTimeoutMS: SERVER_SELECTION_TIMEOUT_MS,
    connectTimeoutMS: SERVER_SELECTION_TIMEOUT_MS,
    socketTimeoutMS: SERVER_SELECTION_TIMEOUT_MS,
    maxPoolSize: 1,
  });
  try {
    await client.db('admin').command({ ping: 1 });
    return true;
  } catch {
    return false;
  } finally {
    await client.close(true).catch(() => {});
  }
}

/**
 * Watches a connection for a driver that has stopped looking for its server. A heartbeat of the
 * driver's that has been under way for longer than HEARTBEAT_STUCK_MS never settles (the driver
 * bounds one by connectTimeoutMS), and a driver that still sees no usable server RECYCLE_AFTER_MS
 * after fresh connections to the same address started getting through has lost track of it.
 * Either way, and only while a fresh client gets a ping through (during an outage both are
 * normal), the driver's client is closed and connected again: its topology, monitor, pool and
 * sockets start afresh. The defect this answers, seen under traffic: FerretDB killed for 20 s, a
 * heartbeat in flight at the kill never settled, and every route answered 503 for 3.5 to 4.2
 * minutes after the database was back (until the kernel's keepalive closed the socket), where an
 * idle API healed in 3 s. It stops when the connection is closed by its owner.
 */
function watchConnection(connection: Connection, uri: string): { stop(): void } {
  // The client itself is kept and only its topology (monitor, pool, sockets) is replaced, so every
  // handle taken from it (mongoose's models, a native collection or Db kept by a service) stays good.
  const client = connection.getClient();
  // Heartbeats under way (by server address), and since when no server has been usable.
  const heartbeats = new Map<string, number>();
  let unusableSince: number | undefined;
  let reconnectPending = false;
  let busy = false;
  let stopped = false;

  const started = (e: { connectionId: string }) => {
    if (!heartbeats.has(e.connectionId)) heartbeats.set(e.connectionId, Date.now());
  };
  const settled = (e: { connectionId: string }) => heartbeats.delete(e.connectionId);
  const described = (e: { newDescription: { type: string } }) => {
    if (e.newDescription.type === 'Unknown') unusableSince ??= Date.now();
    else unusableSince = undefined;
  };
  client.on('serverHeartbeatStarted', started);
  client.on('serverHeartbeatSucceeded', settled);
  client.on('serverHeartbeatFailed', settled);
  client.on('serverDescriptionChanged', described);

  // Since when fresh probes have got through while the driver had no usable server.
  let reachableSince: number | undefined;
  const check = async () => {
    if (stopped || busy) return;
    busy = true;
    try {
      const now = Date.now();
      const stuck = [...heartbeats.values()].find((since) => now - since > HEARTBEAT_STUCK_MS);
      const unusable = reconnectPending || unusableSince !== undefined;
      // Only while a fresh client gets through: during an outage both signs are normal.
      if ((stuck === undefined && !unusable) || !(await probeDatabase(uri)) || stopped) {
        reachableSince = undefined;
        return;
      }
      reachableSince ??= now;
      // A stuck heartbeat never settles: act at once. Otherwise give the driver's own monitor
      // RECYCLE_AFTER_MS to find the server that fresh probes reach.
      let reason: string;
      if (stuck !== undefined)
        reason = `a driver heartbeat has been under way for ${now - stuck} ms`;
      else if (reconnectPending) reason = 'the last reconnection failed';
      else if (now - reachableSince >= RECYCLE_AFTER_MS)
        reason = `the driver has had no usable server for ${now - unusableSince!} ms`;
      else return;
      console.warn(
        `Database connection recycled: ${reason}, while a fresh connection to the database gets through`,
      );
      heartbeats.clear();
      reachableSince = undefined;
      await client.close(true).catch(() => {});
      try {
        await client.connect();
        reconnectPending = false;
      } catch {
        // Gone again: the next check tries again once a probe gets through.
        reconnectPending = true;
      }
    } finally {
      busy = false;
    }
  };

  // Closed by its owner (disconnectDatabase, a test's close): nothing left to watch.
  const onClose = () => watching.stop();
  connection.on('close', onClose);
  const timer = setInterval(() => void check(), HEARTBEAT_FREQUENCY_MS);
  timer.unref();

  const watching = {
    stop() {
      stopped = true;
      clearInterval(timer);
      connection.off('close', onClose);
      client.off('serverHeartbeatStarted', started);
      client.off('serverHeartbeatSucceeded', settled);
      client.off('serverHeartbeatFailed', settled);
      client.off('serverDescriptionChanged', described);
    },
  };
  return watching;
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
