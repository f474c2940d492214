import { existsSync } from 'node:fs';
import path from 'node:path';
import { Router } from 'express';
import expressStaticGzip from 'express-static-gzip';

/**
 * Serves the built web app (apps/web/dist) so that one process on one port is the whole shop:
 * each file as the web build wrote it, its `.br` or `.gz` twin where the client accepts one
 * (express-static-gzip over serve-static, which answers ETags, 304s, ranges and HEAD).
 * - Caching: hashed `/assets/*` for a year (immutable); index.html `no-cache` (revalidated by
 *   ETag); robots.txt and sitemap.xml an hour; media and every other file a week, then served
 *   stale for a day while the browser revalidates.
 * - Any other GET that asks for HTML gets index.html (the web router shows its own not-found
 *   page); a missing file under /assets is a 404, never the page.
 */
export const CACHE_ASSETS = 'public, max-age=31536000, immutable';
export const CACHE_HTML = 'no-cache';
export const CACHE_CRAWLER_FILES = 'public, max-age=3600';
export const CACHE_MEDIA = 'public, max-age=604800, stale-while-revalidate=86400';

function cacheControl(urlPath: string): string {
  if (urlPath.startsWith('/assets/')) return CACHE_ASSETS;
  if (urlPath.endsWith('.html')) return CACHE_HTML;
  if (urlPath === '/robots.txt' || urlPath === '/sitemap.xml') return CACHE_CRAWLER_FILES;
  return CACHE_MEDIA;
}

/** The web app's files and the single-page fallback (undefined when dist has no index.html). */
export function webAppRoutes(distDir: string): Router | undefined {
  if (!existsSync(path.join(distDir, 'index.html'))) return undefined;
  const files = expressStaticGzip(distDir, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: {
      index: false,
      setHeaders: (res, file) => {
        const rel = `/${path.relative(distDir, file).split(path.sep).join('/')}`;
        res.setHeader('Cache-Control', cacheControl(rel.replace(/\.(br|gz)$/, '')));
      },
    },
  });
  const router = Router();
  router.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (req.path === '/') req.url = '/index.html';
    files(req, res, () => {
      if (req.path.startsWith('/assets/')) res.status(404).type('text/plain').end('Not found');
      else if (/^\/(api|uploads)(\/|$)/.test(req.path) || !req.accepts('html')) next();
      else {
        req.url = '/index.html';
        files(req, res, next);
      }
    });
  });
  return router;
}
