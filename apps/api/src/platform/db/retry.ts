import { setTimeout as sleep } from 'node:timers/promises';

/** Server error codes that mean "try again": the write did not happen, or may be repeated safely. */
const TRANSIENT_CODES = new Set([
  6, // HostUnreachable
  7, // HostNotFound
  89, // NetworkTimeout
  91, // ShutdownInProgress
  112, // WriteConflict
  189, // PrimarySteppedDown
  262, // ExceededTimeLimit
  9001, // SocketException
  10107, // NotWritablePrimary
  11600, // InterruptedAtShutdown
  11602, // InterruptedDueToReplStateChange
  13435, // NotPrimaryNoSecondaryOk
  13436, // NotPrimaryOrSecondary
]);

/** SQLite under FerretDB answers a busy database with these words rather than a code of its own. */
const TRANSIENT_MESSAGE =
  /database is locked|SQLITE_BUSY|database table is locked|connection .*closed/i;

/**
 * A connection that broke under an operation. Not "no server at all" (server selection failed, the
 * client is closed): with the database down, waiting here would only delay the quick 503 every
 * request owes its client, and whoever comes next finishes the work once it is back.
 */
const TRANSIENT_NAMES = new Set(['MongoNetworkError', 'MongoNetworkTimeoutError']);

/** True when an error from the database says the operation may succeed if it is tried again. */
export function isTransientDbError(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as {
    name?: string;
    code?: unknown;
    message?: unknown;
    hasErrorLabel?: (label: string) => boolean;
  };
  if (e.name && TRANSIENT_NAMES.has(e.name)) return true;
  if (typeof e.code === 'number' && TRANSIENT_CODES.has(e.code)) return true;
  const labelled = (label: string) =>
    typeof e.hasErrorLabel === 'function' && e.hasErrorLabel(label);
  if (labelled('RetryableWriteError') || labelled('TransientTransactionError')) return true;
  return typeof e.message === 'string' && TRANSIENT_MESSAGE.test(e.message);
}

export interface RetryOptions {
  /** Tries in all, the first included. */
  attempts?: number;
  /** The first wait; each further wait doubles, with jitter. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Called before each wait (logging). */
  onRetry?: (err: unknown, attempt: number) => void;
}

/**
 * Runs `operation`, trying again with exponential backoff while the database answers with a
 * transient error (a locked SQLite file, a dropped connection, a primary stepping down). Any other
 * error, or the last transient one, is thrown. Only for operations that are safe to repeat: every
 * write on an order is (a `$set` of values decided by a claim, or an insert into a unique index
 * whose duplicate means "already done").
 */
export async function withDbRetry<T>(
  operation: () => Promise<T>,
  { attempts = 6, baseDelayMs = 50, maxDelayMs = 2000, onRetry }: RetryOptions = {},
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await operation();
    } catch (err) {
      if (attempt >= attempts || !isTransientDbError(err)) throw err;
      onRetry?.(err, attempt);
      const delay = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
      await sleep(delay / 2 + Math.random() * (delay / 2));
    }
  }
}
