import { existsSync } from 'node:fs';
import path from 'node:path';
import { Router } from 'express';
import expressStaticGzip from 'express-static-gzip';

/**
 * Serves the built web app (apps/web/dist) so that one process on one port is the whole shop:
 * each file as the web build wrote it, its `.br` or `.gz` twin where the client accepts one
 * (express-static-gzip over serve-static, which answers ETags, 304s, ranges and HEAD). Any other
 * GET that asks for HTML gets index.html (the web router shows its own not-found page); a missing
 * file under /assets is a 404, never the page.
 */
function cacheControl(urlPath: string): string {
  // Hashed names never change; index.html is revalidated by ETag.
  if (urlPath.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  if (urlPath.endsWith('.html')) return 'no-cache';
  if (urlPath === '/robots.txt' || urlPath === '/sitemap.xml') return 'public, max-age=3600';
  return 'public, max-age=604800, stale-while-revalidate=86400';
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
