import { Router } from 'express';
import type { Connection } from 'mongoose';
import { databaseState } from '../../platform/db/connect';

const startedAt = Date.now();
const VERSION = process.env.npm_package_version ?? '0.1.0';

/** GET /api/health: 200 when the database answers, 503 when it does not (load balancers read the status). */
export function healthRoutes(connection: Connection): Router {
  const router = Router();
  router.get('/health', async (_req, res) => {
    const database = await databaseState(connection);
    res
      .status(database === 'up' ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({
        status: database === 'up' ? 'ok' : 'degraded',
        database,
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
        version: VERSION,
      });
  });
  return router;
}
