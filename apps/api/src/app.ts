import path from 'node:path';
import compression from 'compression';
import cors from 'cors';
import express from 'express';
import type { Express, Request, Response } from 'express';
import helmet from 'helmet';
import type { Connection } from 'mongoose';
import type { Config } from './config/env';
import { adminRoutes } from './modules/admin/admin.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { consentRoutes } from './modules/consent/consent.routes';
import { contactRoutes } from './modules/contact/contact.routes';
import { couponsRoutes } from './modules/coupons/coupons.routes';
import { reviewsRoutes } from './modules/reviews/reviews.routes';
import { healthRoutes } from './modules/health/health.routes';
import { userListsRoutes } from './modules/addresses/user-lists.routes';
import { invoicesRoutes } from './modules/invoices/invoices.routes';
import { ordersRoutes } from './modules/orders/orders.routes';
import { paymentsRoutes, webhookRoute } from './modules/payments/payments.routes';
import { pincodesRoutes } from './modules/pincodes/pincodes.routes';
import { productPageHead } from './modules/products/product-ld';
import { publicPages } from './modules/products/public-pages';
import { catalogueRoutes } from './modules/products/products.routes';
import { returnsRoutes } from './modules/returns/returns.routes';
import { shopSettingsRoutes } from './modules/settings/shop-settings.routes';
import { shippingRoutes } from './modules/shipping/shipping.routes';
import { stockRoutes } from './modules/stock/stock.routes';
import { ticketsRoutes } from './modules/tickets/tickets.routes';
import { waitlistRoutes } from './modules/waitlist/waitlist.routes';
import { wishlistRoutes } from './modules/wishlist/wishlist.routes';
import { openApiRoutes } from './openapi/openapi.routes';
import { errorHandler, notFoundHandler } from './platform/errors/error-handler';
import { requestLog } from './platform/http/request-log';
import { webApp } from './platform/http/web-app';
import type { Logger } from './platform/logger';
import type { Services } from './services';
import type { TestModes } from './openapi/document';

export interface AppDeps {
  config: Config;
  logger: Logger;
  /** The mongoose connection the routes use; /api/health reports its state. */
  connection: Connection;
  /** Every service and job, built once by the caller (services.ts), who also closes them. */
  services: Services;
}

/** `inlineScripts`: CSP sources of the web app's own inline scripts (web-app.ts). */
function securityHeaders(config: Config, inlineScripts: string[]) {
  return helmet({
    crossOriginEmbedderPolicy: false,
    contentSecurityPolicy: {
      directives: {
        // Only production is served over HTTPS; on plain-http hosts this would break every asset.
        'upgrade-insecure-requests': config.isProduction ? [] : null,
        'default-src': ["'self'"],
        'script-src': ["'self'", ...inlineScripts, 'https://checkout.razorpay.com'],
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
}

/** What `compression` may compress: what it deems compressible, never a PDF or an event stream. */
function compressible(req: Request, res: Response): boolean {
  const type = String(res.getHeader('Content-Type') ?? '');
  if (type.startsWith('application/pdf') || type.startsWith('text/event-stream')) return false;
  return compression.filter(req, res);
}

/** Builds the whole HTTP app without listening: index.ts listens, tests call it in-process. */
/**
 * The providers in their built-in test mode (no keys set), whose test-only routes are mounted and
 * documented: never in production.
 */
export function testModesOf(services: Services, config: Config): TestModes {
  return {
    payments: !config.isProduction && services.payments.provider.mode === 'test',
    courier: !config.isProduction && services.shipping.provider.mode === 'test',
  };
}

export function createApp({ config, logger, connection, services }: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.set('query parser', 'simple');

  app.use(cors({ origin: config.webOrigin, credentials: true }));
  const web = config.serveWeb
    ? webApp(
        config.webDistDir,
        productPageHead(services.stock, services.reviews),
        publicPages(
          config.webDistDir,
          config.webSsrDir,
          config.siteUrl,
          services.catalogue.current,
        ),
      )
    : undefined;
  app.use(securityHeaders(config, web?.scriptHashes ?? []));
  app.use(requestLog(logger));
  // The catalogue's answers come compressed once, when prepared (prepared-answer.ts), so they
  // skip `compression`: passing through it, each answer's objects outlived V8's young generation
  // under load (measured with --trace-gc-nvp), and garbage collection took the difference.
  app.use('/api', catalogueRoutes(services.stock));
  // Other JSON and text of 1 KB or more; the web app's files come compressed by its build.
  app.use('/api', compression({ threshold: 1024, filter: compressible }));
  // Before the JSON parser: the webhook's signature covers the exact bytes received.
  app.use('/api', webhookRoute(services.payments));
  app.use(express.json({ limit: config.jsonBodyLimit }));

  const api = express.Router();
  api.use(pincodesRoutes(services.pincodes, config));
  api.use(shopSettingsRoutes(config, services.shopSettings));
  api.use(healthRoutes(connection));
  api.use(authRoutes(services.auth, config));
  api.use(wishlistRoutes(config, services.catalogue));
  api.use(consentRoutes(config));
  api.use(contactRoutes(config, services.mailer, logger));
  api.use(waitlistRoutes(config, services.mailer));
  api.use(ordersRoutes(services.orders, config));
  const testModes = testModesOf(services, config);
  api.use(paymentsRoutes(services.payments, config, testModes.payments));
  api.use(invoicesRoutes(config));
  api.use(userListsRoutes(config));
  api.use(returnsRoutes(config, services.ownerNotices));
  api.use(ticketsRoutes(config, services.ownerNotices));
  // Before the owner area's router, whose guard would otherwise check /admin/coupons a second time.
  api.use(couponsRoutes(config, services.coupons, services.shopSettings, services.stock.catalogue));
  api.use(reviewsRoutes(config, services.reviews));
  // Before the owner area's router too: its bookings carry their own owner guard.
  api.use(shippingRoutes(config, services.shipping, testModes.courier));
  api.use(stockRoutes(config, services.stock));
  api.use(
    adminRoutes({
      config,
      notices: services.ownerNotices,
      orders: services.adminOrders,
      support: services.adminSupport,
      stock: services.stock,
      catalogue: services.catalogue,
    }),
  );
  api.use(openApiRoutes(testModes));
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

  if (config.serveWeb) {
    if (web) app.use(web.router);
    else
      logger.warn(
        { dir: config.webDistDir },
        'SERVE_WEB is on but the web app is not built (run pnpm build)',
      );
  }

  app.use(errorHandler(logger));
  return app;
}
