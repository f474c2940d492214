import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { Router } from 'express';

/**
 * Serves the built web app (apps/web/dist) so that one process on one port is the whole shop:
 * hashed assets are cached for a year, index.html never, and any other GET that asks for HTML gets
 * index.html (the single-page fallback; the web router shows its own not-found page).
 */
export function webAppRoutes(distDir: string): Router | undefined {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) return undefined;
  const router = Router();
  router.use(
    '/assets',
    express.static(path.join(distDir, 'assets'), {
      immutable: true,
      maxAge: '365d',
      index: false,
      fallthrough: false,
    }),
  );
  router.use(express.static(distDir, { index: false, maxAge: '1h' }));
  router.get(/.*/, (req, res, next) => {
    if (req.path.startsWith('/api/') || req.path.startsWith('/uploads/') || !req.accepts('html'))
      return next();
    res.set('Cache-Control', 'no-cache').sendFile(indexFile);
  });
  return router;
}
