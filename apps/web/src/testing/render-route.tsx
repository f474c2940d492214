import type { Catalogue } from '@vanya/catalog';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router-dom';

import { AppProvider } from '../app/provider';
import { routes as appRoutes } from '../app/router';

// Every route module, loaded (and transformed) once when a test file first imports this helper,
// outside any test's time limit: a lazy route then resolves at once, so on a busy machine a test
// no longer spends its waiting time on the first render's module transforms.
import.meta.glob('../app/routes/*.tsx', { eager: true });

/**
 * Renders the real route table (or `routes`) at `path`, inside the app's providers, with the
 * page's catalogue `catalogue` (the nine of the code by default). The splash is not part of the app
 * (it runs from the page's HTML, components/layout/splash.ts), so the page and its widgets are
 * there at once, as on any page after the first of a visit.
 */
export function renderRoute(
  path: string,
  routes: RouteObject[] = appRoutes,
  { catalogue }: { catalogue?: Catalogue } = {},
) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <AppProvider catalogue={catalogue}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { router, ...result };
}
