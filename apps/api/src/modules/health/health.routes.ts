import { Router } from 'express';
import type { Connection } from 'mongoose';
import { databaseState, SERVER_SELECTION_TIMEOUT_MS } from '../../platform/db/connect';
import type { RequestWorker } from '../../platform/http/request-worker';

const startedAt = Date.now();
const VERSION = process.env.npm_package_version ?? '0.1.0';

/**
 * GET /api/health: 200 when the database answers and so do logins, 503 when either does not (load
 * balancers read the status). `logins` is the thread that answers the password routes (login,
 * sign-up, password reset and change), asked for its own database connection; without that thread
 * (tests) those routes run on this connection, and it reports the same as `database`.
 */
export function healthRoutes(
  connection: Connection,
  passwords?: Pick<RequestWorker, 'health'>,
): Router {
  const router = Router();
  router.get('/health', async (_req, res) => {
    const [database, logins] = await Promise.all([
      databaseState(connection),
      passwords?.health(SERVER_SELECTION_TIMEOUT_MS),
    ]);
    const up = database === 'up' && (logins ?? database) === 'up';
    res
      .status(up ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({
        status: up ? 'ok' : 'degraded',
        database,
        logins: logins ?? database,
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
        version: VERSION,
      });
  });
  return router;
}
