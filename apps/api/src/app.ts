import path from 'node:path';
import compression from 'compression';
import cors from 'cors';
import express from 'express';
import type { Express } from 'express';
import helmet from 'helmet';
import type { Connection } from 'mongoose';
import type { Config } from './config/env';
import { adminRoutes } from './modules/admin/admin.routes';
import { authRoutes } from './modules/auth/auth.routes';
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
import { concurrencyGate } from './platform/http/concurrency-gate';
import { captureFixedHeaders, setFixedHeaders } from './platform/http/fixed-headers';
import { requestLog } from './platform/http/request-log';
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
}

/** Which API answers `compression` may compress: what it deems compressible, never a PDF. */
function compressible(req: express.Request, res: express.Response): boolean {
  const type = String(res.getHeader('Content-Type') ?? '');
  if (type.startsWith('application/pdf') || type.startsWith('text/event-stream')) return false;
  return compression.filter(req, res);
}

/** Builds the whole HTTP app without listening: index.ts listens, tests call it in-process. */
export function createApp({ config, logger, connection, services }: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  // X-Forwarded-For is believed only from the proxies TRUST_PROXY names (nobody by default).
  app.set('trust proxy', config.trustProxy);
  app.set('query parser', 'simple');

  const corsHeaders = cors({ origin: config.webOrigin, credentials: true });
  const securityHeaders = helmet({
    crossOriginEmbedderPolicy: false,
    contentSecurityPolicy: {
      directives: {
        // Only production is served over HTTPS; on plain-http hosts this would break every asset.
        'upgrade-insecure-requests': config.isProduction ? [] : null,
        'default-src': ["'self'"],
        'script-src': ["'self'", 'https://checkout.razorpay.com'],
        'frame-src': [
          "'self'",
          'https://api.razorpay.com',
          'https://checkout.razorpay.com',
          'https://www.google.com',
          'https://www.openstreetmap.org',
        ],
        'connect-src': ["'self'", 'https://lumberjack.razorpay.com', 'https://api.razorpay.com'],
        'img-src': ["'self'", 'data:', 'blob:'],
        'media-src': ["'self'", 'blob:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'font-src': ["'self'", 'data:'],
      },
    },
  });

  // Neither depends on anything in the request but a preflight's questions, so their headers are
  // captured once and set in one step on every answer; CORS itself runs only for preflights.
  const fixedHeaders = captureFixedHeaders([corsHeaders, securityHeaders]);
  // The catalogue's reads, the busiest of the API, come first and set those headers, their request
  // id and log line themselves, in one step (products.routes.ts).
  const catalogue = catalogueRoutes(services.stock, { logger, fixedHeaders });
  app.get('/api/products', catalogue.list);
  app.get('/api/products/:id', catalogue.product);
  app.use((req, res, next) => {
    setFixedHeaders(res, fixedHeaders);
    if (req.method === 'OPTIONS') corsHeaders(req, res, next);
    else next();
  });
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
  app.use('/api', compression({ threshold: 1024, filter: compressible }));
  app.use(express.json({ limit: config.jsonBodyLimit }));

  const api = express.Router();
  api.use(healthRoutes(connection));
  // Requests that hash or compare a password are let in twice as many at a time as the hashing
  // pool has threads: enough to keep the pool busy, few enough that a burst does not run all its
  // database work on the event loop at once (platform/http/concurrency-gate.ts).
  api.use(
    '/auth',
    authRoutes(services.auth, config, concurrencyGate(services.passwordHasher.threads * 2)),
  );
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
