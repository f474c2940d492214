import { useQuery } from '@tanstack/react-query';
import { meResponseSchema } from '@vanya/contracts';

import { api } from '../../../lib/api-client';
import { ACCOUNT_KEYS } from './keys';

/** Whether the signed-in account is the shop's owner (GET /auth/me's `owner`). */
export function useIsOwner(): boolean {
  const owner = useQuery({
    queryKey: [...ACCOUNT_KEYS.me, 'owner'],
    queryFn: async () =>
      meResponseSchema.parse((await api.get('/auth/me')).data).data.owner === true,
    staleTime: 5 * 60_000,
  });
  return owner.data === true;
}
