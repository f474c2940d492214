import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';

import { useAuthToken } from '../../../hooks/use-session';
import { syncSessionUser } from '../../../lib/auth-storage';
import { meQueryOptions } from '../api/get-me';

/**
 * Keeps the stored session user in step with the account: read from the API once per page load
 * (a reload, another tab's sign-in, an old session stored with less), and again whenever an
 * account screen changes it (the profile saved, a verified phone, the avatar). Every screen then
 * knows what the account knows, the checkout its verified phone among it. Renders nothing; the app
 * shell mounts it while someone is signed in.
 */
export function SessionSync() {
  const token = useAuthToken();
  const { data } = useQuery({ ...meQueryOptions(), enabled: token !== null });
  useEffect(() => {
    if (data) syncSessionUser(data);
  }, [data]);
  return null;
}
