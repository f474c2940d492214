import type { Express } from 'express';

export interface ExpressRoute {
  method: string;
  /** The full path as Express matches it, parameters written ':id'. */
  path: string;
}

interface LayerLike {
  rawPath?: unknown;
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: LayerLike[] };
}

const join = (prefix: string, path: string) =>
  `${prefix}${path === '/' ? '' : path}`.replace(/\/{2,}/g, '/') || '/';

/**
 * Every route the app answers, read from Express' own router (through routers mounted with a path
 * or without one). Middleware that is not a route (static files, a whole app mounted with use)
 * is not a route and is left out.
 */
export function expressRoutes(app: Express): ExpressRoute[] {
  const routes: ExpressRoute[] = [];
  const walk = (stack: LayerLike[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        for (const path of paths) {
          if (typeof path !== 'string') continue;
          for (const [method, on] of Object.entries(layer.route.methods))
            if (on && method !== '_all') routes.push({ method, path: join(prefix, path) });
        }
      } else if (layer.handle?.stack) {
        const mount = typeof layer.rawPath === 'string' ? layer.rawPath : '/';
        walk(layer.handle.stack, join(prefix, mount));
      }
    }
  };
  const router = (app as unknown as { router: { stack: LayerLike[] } }).router;
  walk(router.stack, '');
  return routes;
}
