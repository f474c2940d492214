import { Router } from 'express';
import type { Connection } from 'mongoose';
import { databaseState, SERVER_SELECTION_TIMEOUT_MS } from '../../platform/db/connect';
import { handle } from '../../platform/http/contract-route';
import type { ContractHandler } from '../../platform/http/contract-route';

const startedAt = Date.now();
/** The build's version (set by tsup from SHOP_VERSION or git); `development` when run from source. */
const VERSION = process.env.SHOP_VERSION ?? 'development';

/** However often the route is called, the database is pinged about once a second at most. */
export const HEALTH_FRESH_MS = 1_000;

/**
 * GET /api/health/ready (and its older name /api/health): 200 when the database answers a ping
 * within SERVER_SELECTION_TIMEOUT_MS, 503 when it does not, so that a load balancer stops sending
 * traffic (compose's health check and the upgrade command wait for it). Checks that arrive while
 * one is under way share it, and its findings answer those that arrive within HEALTH_FRESH_MS after
 * it finished. GET /api/health/live: 200 while the process answers at all, whatever the database
 * (an orchestrator restarts a process only when this fails).
 */
export function healthRoutes(connection: Connection, now: () => number = Date.now): Router {
  // The check under way or last finished, and when it finished (undefined while it runs).
  let shared: Promise<'up' | 'down'> | undefined;
  let finishedAt: number | undefined;
  const router = Router();
  const report = (status: 'ok' | 'degraded', database: 'up' | 'down' | 'unchecked') => ({
    status,
    database,
    uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
    version: VERSION,
  });
  const ready: ContractHandler<unknown> = async (_req, res) => {
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
      .json(report(up ? 'ok' : 'degraded', database));
  };
  handle(router, 'get /health', ready);
  handle(router, 'get /health/ready', ready);
  handle(router, 'get /health/live', (_req, res) => {
    res.set('Cache-Control', 'no-store').json(report('ok', 'unchecked'));
  });
  return router;
}
