import { queryOptions, useQuery } from '@tanstack/react-query';
import { addressListSchema, type Address } from '@vanya/contracts';

import { api } from '../../../lib/api-client';
import { ACCOUNT_KEYS } from './keys';

/** GET /me/addresses. */
export async function getAddresses(): Promise<Address[]> {
  const { data } = await api.get('/me/addresses');
  return addressListSchema.parse(data);
}

export function addressesQueryOptions() {
  return queryOptions({ queryKey: ACCOUNT_KEYS.addresses, queryFn: getAddresses });
}

export function useAddresses() {
  return useQuery(addressesQueryOptions());
}
