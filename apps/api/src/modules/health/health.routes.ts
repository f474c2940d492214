import { Router } from 'express';
import type { Connection } from 'mongoose';
import { databaseState, SERVER_SELECTION_TIMEOUT_MS } from '../../platform/db/connect';
import type { RequestWorker } from '../../platform/http/request-worker';

const startedAt = Date.now();
const VERSION = process.env.npm_package_version ?? '0.1.0';

/**
 * How long a check's findings answer the health checks that follow, so that however often the
 * route is called the databases are pinged about once a second at most (a check pings two
 * connections, one of them through another thread).
 */
export const HEALTH_FRESH_MS = 1_000;

type Findings = { database: 'up' | 'down'; logins: 'up' | 'down' };

/**
 * GET /api/health: 200 when the database answers and so do logins, 503 when either does not (load
 * balancers read the status). `logins` is the thread that answers the password routes (login,
 * sign-up, password reset and change), asked for its own database connection; without that thread
 * (tests) those routes run on this connection, and it reports the same as `database`. Health
 * checks that arrive while one is under way share it, and its findings answer those that arrive
 * within HEALTH_FRESH_MS after it finished.
 */
export function healthRoutes(
  connection: Connection,
  passwords?: Pick<RequestWorker, 'health'>,
  now: () => number = Date.now,
): Router {
  // The check under way or last finished, and when it finished (undefined while it runs).
  let shared: Promise<Findings> | undefined;
  let finishedAt: number | undefined;
  const check = async (): Promise<Findings> => {
    const [database, logins] = await Promise.all([
      databaseState(connection),
      passwords?.health(SERVER_SELECTION_TIMEOUT_MS),
    ]);
    return { database, logins: logins ?? database };
  };
  const router = Router();
  router.get('/health', async (_req, res) => {
    if (!shared || (finishedAt !== undefined && now() - finishedAt >= HEALTH_FRESH_MS)) {
      const findings = check();
      shared = findings;
      finishedAt = undefined;
      const finished = () => {
        if (shared === findings) finishedAt = now();
      };
      findings.then(finished, finished);
    }
    const { database, logins } = await shared;
    const up = database === 'up' && logins === 'up';
    res
      .status(up ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({
        status: up ? 'ok' : 'degraded',
        database,
        logins,
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
        version: VERSION,
      });
  });
  return router;
}
