// The lazy pages of the route table (router.tsx), read from its source: the build's preload script
// (vite-plugins/page-preload.ts) and the styles of a rendered page (page-document.ts) need each
// page's module by name, which the route objects themselves do not say. Imports nothing, so the
// Vite config can bundle it.

/** A page of the router: its path pattern (`/products/:productId`) and its module in src/app/routes. */
export type PageRoute = { path: string; module: string };

/**
 * Every `{ path: 'x', lazy: () => import('./routes/y') }` and the index route of router.tsx's
 * source. The catch-all `*` is left out: it would match every path. src/app/page-preload.test.ts
 * checks that this finds every lazy route of the table.
 */
export function routesOfSource(routerSource: string): PageRoute[] {
  const found = routerSource.matchAll(
    /\{\s*(?:path:\s*'([^']*)'|index:\s*true),\s*lazy:\s*\(\)\s*=>\s*import\('\.\/routes\/([\w-]+)'\)/g,
  );
  return [...found]
    .map(([, route, module]) => ({ path: `/${route ?? ''}`, module: module ?? '' }))
    .filter((page) => page.path !== '/*');
}

/** A regular expression for `location.pathname`: `:param` is one segment, a final slash is allowed. */
export function pathPattern(routePath: string): string {
  return `^${routePath.replace(/:[^/]+/g, '[^/]+').replace(/\/$/, '')}/?$`;
}
