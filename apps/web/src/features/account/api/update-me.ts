import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meResponseSchema, type UpdateMeBody, type User } from '@vanya/contracts';

import { api } from '../../../lib/api-client';
import { ACCOUNT_KEYS } from './keys';

/** PUT /auth/me; a changed email or phone must have been verified with its code first. */
export async function updateMe(body: UpdateMeBody): Promise<User> {
  const { data } = await api.put('/auth/me', body);
  return meResponseSchema.parse(data).data.user;
}

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (user) => queryClient.setQueryData(ACCOUNT_KEYS.me, user),
  });
}
