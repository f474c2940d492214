import { Router } from 'express';
import type { Connection } from 'mongoose';
import { databaseState, SERVER_SELECTION_TIMEOUT_MS } from '../../platform/db/connect';

const startedAt = Date.now();
const VERSION = process.env.npm_package_version ?? '0.1.0';

/** However often the route is called, the database is pinged about once a second at most. */
export const HEALTH_FRESH_MS = 1_000;

/**
 * GET /api/health: 200 when the database answers a ping within SERVER_SELECTION_TIMEOUT_MS, 503
 * when it does not, so that a load balancer stops sending traffic and an orchestrator restarts the
 * API if it stays so (docker-compose.yml's health check). Checks that arrive while one is under
 * way share it, and its findings answer those that arrive within HEALTH_FRESH_MS after it finished.
 */
export function healthRoutes(connection: Connection, now: () => number = Date.now): Router {
  // The check under way or last finished, and when it finished (undefined while it runs).
  let shared: Promise<'up' | 'down'> | undefined;
  let finishedAt: number | undefined;
  const router = Router();
  router.get('/health', async (_req, res) => {
    if (!shared || (finishedAt !== undefined && now() - finishedAt >= HEALTH_FRESH_MS)) {
      finishedAt = undefined;
      shared = databaseState(connection, SERVER_SELECTION_TIMEOUT_MS).finally(() => {
        finishedAt = now();
      });
    }
    const database = await shared;
    const up = database === 'up';
    res
      .status(up ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({
        status: up ? 'ok' : 'degraded',
        database,
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
        version: VERSION,
      });
  });
  return router;
}
