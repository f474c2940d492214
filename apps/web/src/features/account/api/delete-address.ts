import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addressListSchema, type Address } from '@vanya/contracts';

import { api } from '../../../lib/api-client';
import { ACCOUNT_KEYS } from './keys';

/** DELETE /me/addresses/:id; answers the whole list. */
export async function deleteAddress(id: string): Promise<Address[]> {
  const { data } = await api.delete(`/me/addresses/${encodeURIComponent(id)}`);
  return addressListSchema.parse(data);
}

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAddress,
    onSuccess: (list) => queryClient.setQueryData(ACCOUNT_KEYS.addresses, list),
  });
}
