import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@vanya/contracts';

import { api } from '../../../lib/api-client';
import { ACCOUNT_KEYS } from './keys';

/** POST /auth/remove-avatar. */
export async function removeAvatar(): Promise<void> {
  await api.post('/auth/remove-avatar');
}

export function useRemoveAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeAvatar,
    onSuccess: () =>
      queryClient.setQueryData<User>(ACCOUNT_KEYS.me, (user) => user && { ...user, avatar: '' }),
  });
}
