import compression from 'compression';
import cors from 'cors';
import express from 'express';
import type { Express, RequestHandler } from 'express';
import helmet from 'helmet';
import type { Config } from './config/env';
import { captureFixedHeaders, setFixedHeaders } from './platform/http/fixed-headers';
import type { FixedHeaders } from './platform/http/fixed-headers';

/**
 * What every app of the API starts from: the whole API's (app.ts) and the password routes' own
 * (password-app.ts). Express with its settings, and the security and CORS headers every answer
 * carries, captured once.
 */
export function appShell(config: Config): {
  app: Express;
  fixedHeaders: FixedHeaders;
  corsHeaders: RequestHandler;
} {
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
  return { app, fixedHeaders, corsHeaders };
}

/** Sets the captured headers on every answer; CORS itself runs only for preflights. */
export function headersAndPreflight(
  fixedHeaders: FixedHeaders,
  corsHeaders: RequestHandler,
): RequestHandler {
  return (req, res, next) => {
    setFixedHeaders(res, fixedHeaders);
    if (req.method === 'OPTIONS') corsHeaders(req, res, next);
    else next();
  };
}

/** Which API answers `compression` may compress: what it deems compressible, never a PDF. */
function compressible(req: express.Request, res: express.Response): boolean {
  const type = String(res.getHeader('Content-Type') ?? '');
  if (type.startsWith('application/pdf') || type.startsWith('text/event-stream')) return false;
  return compression.filter(req, res);
}

/** JSON and text of 1 KB or more, compressed when the client accepts it; PDFs as they are. */
export function apiCompression(): RequestHandler {
  return compression({ threshold: 1024, filter: compressible });
}
