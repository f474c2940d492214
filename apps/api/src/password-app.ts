import express from 'express';
import type { Express } from 'express';
import { apiCompression, appShell, headersAndPreflight } from './app-shell';
import type { AuthServices } from './auth-services';
import type { Config } from './config/env';
import { authRoutes } from './modules/auth/auth.routes';
import { errorHandler, notFoundHandler } from './platform/errors/error-handler';
import { concurrencyGate } from './platform/http/concurrency-gate';
import { requestLog } from './platform/http/request-log';
import { answeredInMemory } from './platform/http/request-worker';
import type { Logger } from './platform/logger';

/**
 * The app of the password routes' thread (password-worker-app.ts): the account routes as the whole
 * API mounts them (app.ts), with the same headers, request log, parsers and errors, and nothing
 * else, so that the thread loads only what they need.
 */
export function createPasswordApp({
  config,
  logger,
  services,
}: {
  config: Config;
  logger: Logger;
  services: AuthServices;
}): Express {
  const { app, fixedHeaders, corsHeaders } = appShell(config);
  app.use(answeredInMemory);
  app.use(headersAndPreflight(fixedHeaders, corsHeaders));
  app.use(requestLog(logger));
  app.use('/api', apiCompression());
  app.use(express.json({ limit: config.jsonBodyLimit }));
  const api = express.Router();
  api.use('/auth', authRoutes(services.auth, config, passwordGate(services)));
  api.use(notFoundHandler);
  app.use('/api', api);
  app.use(errorHandler(logger));
  return app;
}

/**
 * Requests that hash or compare a password are let in twice as many at a time as the hashing
 * pool has threads: enough to keep the pool busy, few enough that a burst does not run all its
 * database work at once (platform/http/concurrency-gate.ts).
 */
export function passwordGate(services: Pick<AuthServices, 'passwordHasher'>) {
  return concurrencyGate(services.passwordHasher.threads * 2);
}
