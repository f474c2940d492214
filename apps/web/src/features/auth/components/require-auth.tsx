import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';

import { PATHS, loginPathFor } from '../../../config/paths';
import { useAuthToken } from '../../../hooks/use-session';
import { endedByLogout } from '../../../lib/auth-storage';

/**
 * Guard for /profile, /wishlist, /cart, /checkout and /order-confirmation: without a stored
 * token, replace the history entry with the login page, which
 * returns here afterwards. Used as a layout route (renders the child route) or as a wrapper.
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const token = useAuthToken();
  const { pathname, search } = useLocation();
  const hadToken = useRef(token !== null);
  useEffect(() => {
    if (token) hadToken.current = true;
  }, [token]);

  if (!token) {
    // Logging out on a guarded page ends at the plain login page; an expired session comes back.
    const to = hadToken.current && endedByLogout() ? PATHS.login : loginPathFor(pathname + search);
    return <Navigate replace to={to} />;
  }
  return children ?? <Outlet />;
}
