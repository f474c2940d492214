import { useState } from 'react';
import {
  RouterProvider,
  createBrowserRouter,
  matchRoutes,
  type Location,
  type RouteObject,
} from 'react-router-dom';

import { RouteErrorPage } from '../components/errors/route-error-page';
import { PageLoader } from '../components/ui/page-loader';
import { RequireAuth } from '../features/auth/components/require-auth';
import { RootRoute } from './routes/root';

// The shop's route table. Every page is a lazy route module in ./routes, so each becomes its own
// chunk.
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: RootRoute,
    // Only reached when the layout itself fails; page errors are caught one level down.
    errorElement: <RouteErrorPage />,
    children: [
      {
        id: 'pages',
        // A failing page keeps the navbar and footer around the error message.
        errorElement: <RouteErrorPage />,
        // Shown inside the layout while the first page's module loads.
        hydrateFallbackElement: <PageLoader />,
        children: [
          { index: true, lazy: () => import('./routes/home') },
          { path: 'products', lazy: () => import('./routes/products') },
          { path: 'products/:productId', lazy: () => import('./routes/product-detail') },
          { path: 'about', lazy: () => import('./routes/about') },
          { path: 'contact', lazy: () => import('./routes/contact') },
          { path: 'community', lazy: () => import('./routes/community') },
          { path: 'return-policy', lazy: () => import('./routes/return-policy') },
          { path: 'terms', lazy: () => import('./routes/terms') },
          { path: 'privacy', lazy: () => import('./routes/privacy') },
          { path: 'shipping-policy', lazy: () => import('./routes/shipping-policy') },
          { path: 'cancellation-refund', lazy: () => import('./routes/cancellation-refund') },
          { path: 'login', lazy: () => import('./routes/login') },
          { path: 'signup', lazy: () => import('./routes/signup') },
          { path: 'verify-otp', lazy: () => import('./routes/verify-otp') },
          { path: 'verify-email', lazy: () => import('./routes/verify-email') },
          { path: 'forgot-password', lazy: () => import('./routes/forgot-password') },
          { path: 'forgot-email-sent', lazy: () => import('./routes/forgot-email-sent') },
          { path: 'reset-password', lazy: () => import('./routes/reset-password') },
          {
            id: 'guarded',
            Component: RequireAuth,
            children: [
              { path: 'profile', lazy: () => import('./routes/profile') },
              { path: 'profile/orders/:orderId', lazy: () => import('./routes/order-detail') },
              { path: 'wishlist', lazy: () => import('./routes/wishlist') },
              { path: 'cart', lazy: () => import('./routes/cart') },
              { path: 'checkout', lazy: () => import('./routes/checkout') },
              { path: 'order-confirmation', lazy: () => import('./routes/order-confirmation') },
              // The owner area: its own chunk, never part of a shopper's first load.
              { path: 'admin', lazy: () => import('./routes/admin') },
            ],
          },
          { path: '*', lazy: () => import('./routes/not-found') },
        ],
      },
    ],
  },
];

/**
 * Loads the page modules of `location` into the route table before the router starts, so that its
 * first render is the page itself (as prerendered) rather than the loading fallback.
 */
export async function loadPageModules(location: Pick<Location, 'pathname'>): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}

export function createAppRouter() {
  return createBrowserRouter(routes);
}

export function AppRouter() {
  // One router for the life of the page (StrictMode renders twice; useState keeps the first).
  const [router] = useState(createAppRouter);
  return <RouterProvider router={router} />;
}
