import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router-dom';

import { AppProvider } from '../app/provider';
import { routes as appRoutes } from '../app/router';
import { markSplashShown } from '../components/layout/splash-session';

// Every route module, loaded (and transformed) once when a test file first imports this helper,
// outside any test's time limit: a lazy route then resolves at once, so on a busy machine a test
// no longer spends its waiting time on the first render's module transforms.
import.meta.glob('../app/routes/*.tsx', { eager: true });

/**
 * Renders the real route table (or `routes`) at `path`, inside the app's providers. The splash is
 * marked as shown already, as on any page after the first of a visit, so the page and its widgets
 * are there at once instead of behind 3.7 s of real timers; `{ splash: true }` keeps it (the first
 * visit), for a test that drives it with fake timers.
 */
export function renderRoute(
  path: string,
  routes: RouteObject[] = appRoutes,
  options: { splash?: boolean } = {},
) {
  if (!options.splash) markSplashShown();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { router, ...result };
}
