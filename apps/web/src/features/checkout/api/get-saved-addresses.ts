import { useQuery } from '@tanstack/react-query';
import { addressListSchema, type Address } from '@vanya/contracts';

import { api } from '../../../lib/api-client';

/** GET /me/addresses: the addresses the shopper saved in the profile, offered at checkout. */
export async function getSavedAddresses(): Promise<Address[]> {
  const { data } = await api.get('/me/addresses');
  return addressListSchema.parse(data);
}

export function useSavedAddresses() {
  return useQuery({
    // The profile's key, so an address saved there shows here at once.
    queryKey: ['account', 'addresses'],
    queryFn: getSavedAddresses,
    retry: false,
  });
}
