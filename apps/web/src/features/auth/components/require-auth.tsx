import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';

import { loginPathFor } from '../../../config/paths';
import { useAuthToken } from '../../../hooks/use-session';

/**
 * Guard for /profile, /wishlist, /cart, /checkout and /order-confirmation (accounts spec
 * section 2): without a stored token, replace the history entry with the login page, which
 * returns here afterwards. Used as a layout route (renders the child route) or as a wrapper.
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const token = useAuthToken();
  const { pathname, search } = useLocation();

  if (!token) return <Navigate replace to={loginPathFor(pathname + search)} />;
  return children ?? <Outlet />;
}
