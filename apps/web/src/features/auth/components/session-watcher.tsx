import { useQueryClient } from '@tanstack/react-query';
import { SESSION_MESSAGES } from '@vanya/contracts';
import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

import { useToast } from '../../../components/ui/toast';
import { PATHS, loginPathFor } from '../../../config/paths';
import { useAuthToken } from '../../../hooks/use-session';
import { endSession, onSessionEnd } from '../../../lib/auth-storage';
import { useInactivityLogout } from '../hooks/use-inactivity-logout';

/**
 * Mounted once in the app shell. Ends the session after 15 minutes without activity, and when a
 * session ends outside a screen (a 401 from the API, the inactivity timer) says why and goes to
 * the login page, which brings the user back here afterwards. Data cached for the signed-out user
 * is dropped so the next one never sees it.
 */
export function SessionWatcher() {
  const token = useAuthToken();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const location = useLocation();
  const here = useRef('');
  useEffect(() => {
    here.current = location.pathname === PATHS.login ? '' : location.pathname + location.search;
  }, [location.pathname, location.search]);

  useEffect(
    () =>
      onSessionEnd((reason) => {
        if (reason === 'inactive') toast.info(SESSION_MESSAGES.inactivityLogout);
        else toast.error(SESSION_MESSAGES.sessionExpired);
        void navigate(here.current ? loginPathFor(here.current) : PATHS.login, { replace: true });
      }),
    [navigate, toast],
  );

  const hadToken = useRef(token !== null);
  useEffect(() => {
    if (hadToken.current && token === null) queryClient.clear();
    hadToken.current = token !== null;
  }, [token, queryClient]);

  const onIdle = useCallback(() => endSession('inactive'), []);
  useInactivityLogout(token !== null, onIdle);

  return null;
}
