import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router-dom';

import { AppProvider } from '../app/provider';
import { routes as appRoutes } from '../app/router';

/** Renders the real route table (or `routes`) at `path`, inside the app's providers. */
export function renderRoute(path: string, routes: RouteObject[] = appRoutes) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { router, ...result };
}
