import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addressListSchema, type AddAddressBody, type Address } from '@vanya/contracts';

import { api } from '../../../lib/api-client';
import { ACCOUNT_KEYS } from './keys';

/** POST /me/addresses; answers the whole list. */
export async function addAddress(body: AddAddressBody): Promise<Address[]> {
  const { data } = await api.post('/me/addresses', body);
  return addressListSchema.parse(data);
}

export function useAddAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addAddress,
    onSuccess: (list) => queryClient.setQueryData(ACCOUNT_KEYS.addresses, list),
  });
}
