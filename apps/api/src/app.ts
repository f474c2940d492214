import path from 'node:path';
import express from 'express';
import type { Express } from 'express';
import type { Connection } from 'mongoose';
import { apiCompression, appShell, headersAndPreflight } from './app-shell';
import { passwordGate } from './password-app';
import type { Config } from './config/env';
import { adminRoutes } from './modules/admin/admin.routes';
import { authRoutes, PASSWORD_PATHS } from './modules/auth/auth.routes';
import { consentRoutes } from './modules/consent/consent.routes';
import { contactRoutes } from './modules/contact/contact.routes';
import { healthRoutes } from './modules/health/health.routes';
import { userListsRoutes } from './modules/addresses/user-lists.routes';
import { invoicesRoutes } from './modules/invoices/invoices.routes';
import { ordersRoutes } from './modules/orders/orders.routes';
import { paymentsRoutes, webhookRoute } from './modules/payments/payments.routes';
import { catalogueRoutes } from './modules/products/products.routes';
import { returnsRoutes } from './modules/returns/returns.routes';
import { ticketsRoutes } from './modules/tickets/tickets.routes';
import { waitlistRoutes } from './modules/waitlist/waitlist.routes';
import { wishlistRoutes } from './modules/wishlist/wishlist.routes';
import { openApiRoutes } from './openapi/openapi.routes';
import { errorHandler, notFoundHandler } from './platform/errors/error-handler';
import { requestLog } from './platform/http/request-log';
import type { RequestWorker } from './platform/http/request-worker';
import { webAppRoutes } from './platform/http/web-app';
import type { Logger } from './platform/logger';
import type { Services } from './services';

export interface AppDeps {
  config: Config;
  logger: Logger;
  /** The mongoose connection the routes use; /api/health reports its state. */
  connection: Connection;
  /** Every service and job, built once by the caller (services.ts), who also closes them. */
  services: Services;
  /**
   * Answers the password routes (PASSWORD_PATHS) in place of this app: index.ts passes the thread
   * it runs them in, whose state /api/health reports too. Without it (the tests, and that thread's
   * own app) they run here.
   */
  passwords?: Pick<RequestWorker, 'handler' | 'health'>;
}

/** Builds the whole HTTP app without listening: index.ts listens, tests call it in-process. */
export function createApp({ config, logger, connection, services, passwords }: AppDeps): Express {
  const { app, fixedHeaders, corsHeaders } = appShell(config);
  // The catalogue's reads, the busiest of the API, come first and set those headers, their request
  // id and log line themselves, in one step (products.routes.ts).
  const catalogue = catalogueRoutes(services.stock, { logger, fixedHeaders });
  app.get('/api/products', catalogue.list);
  app.get('/api/products/:id', catalogue.product);
  app.use(headersAndPreflight(fixedHeaders, corsHeaders));
  // Answered by another thread, log line and all (platform/http/request-worker.ts); the headers
  // set above stand for the answers this thread gives itself (413, 503).
  if (passwords)
    app.post(
      PASSWORD_PATHS.map((p) => `/api/auth${p}`),
      passwords.handler,
    );
  // The web app's files come before the request log and the parsers: a table lookup each
  // (platform/http/web-app.ts).
  const web = config.serveWeb ? webAppRoutes(config.webDistDir) : undefined;
  if (web) app.use(web);
  else if (config.serveWeb)
    logger.warn(
      { dir: config.webDistDir },
      'SERVE_WEB is on but the web app is not built (run pnpm build)',
    );
  app.use(requestLog(logger));
  // Before the JSON parser: the webhook's signature covers the exact bytes received.
  app.use('/api', webhookRoute(services.payments));
  // After the webhook (its answer stays as it is): JSON and text of 1 KB or more, compressed when
  // the client accepts it; PDFs (invoices, exports) are streamed as they are.
  app.use('/api', apiCompression());
  app.use(express.json({ limit: config.jsonBodyLimit }));

  const api = express.Router();
  api.use(healthRoutes(connection, passwords));
  api.use('/auth', authRoutes(services.auth, config, passwordGate(services)));
  api.use(wishlistRoutes(config));
  api.use(consentRoutes(config));
  api.use(contactRoutes(config, services.mailer, logger));
  api.use(waitlistRoutes(config, services.mailer));
  api.use(ordersRoutes(services.orders, config));
  api.use(paymentsRoutes(services.payments, config));
  api.use(invoicesRoutes(config));
  api.use(userListsRoutes(config));
  api.use(returnsRoutes(config));
  api.use(ticketsRoutes(config));
  api.use(
    adminRoutes({
      config,
      orders: services.adminOrders,
      support: services.adminSupport,
      stock: services.stock,
    }),
  );
  api.use(openApiRoutes());
  api.use(notFoundHandler);
  app.use('/api', api);

  // Avatars and attachments: names are random and files never change, so they cache for long.
  // Ticket attachments download rather than render, so an uploaded PDF never runs in our origin.
  app.use(
    '/uploads/tickets',
    express.static(path.join(config.uploadDir, 'tickets'), {
      index: false,
      dotfiles: 'deny',
      fallthrough: false,
      setHeaders: (res) => res.setHeader('Content-Disposition', 'attachment'),
    }),
  );
  app.use(
    '/uploads',
    express.static(config.uploadDir, {
      index: false,
      dotfiles: 'deny',
      immutable: true,
      maxAge: '30d',
      fallthrough: false,
    }),
  );

  app.use(errorHandler(logger));
  return app;
}
