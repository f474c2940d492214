import { queryOptions, useQuery } from '@tanstack/react-query';
import { meResponseSchema, type User } from '@vanya/contracts';

import { api } from '../../../lib/api-client';
import { ACCOUNT_KEYS } from './keys';

/** GET /auth/me: the signed-in user (each profile tab reads its own list: orders, invoices, ...). */
export async function getMe(): Promise<User> {
  const { data } = await api.get('/auth/me');
  return meResponseSchema.parse(data).data.user;
}

/**
 * Read once per page load (whichever of the session sync and the profile asks first) and kept for
 * a minute: every account change sets the answer it gets back.
 */
export function meQueryOptions() {
  return queryOptions({ queryKey: ACCOUNT_KEYS.me, queryFn: getMe, staleTime: 60_000 });
}

export function useMe() {
  return useQuery(meQueryOptions());
}
