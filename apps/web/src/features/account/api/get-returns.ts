import { queryOptions, useQuery } from '@tanstack/react-query';
import { returnRequestListSchema, type ReturnRequest } from '@vanya/contracts';

import { api } from '../../../lib/api-client';
import { ACCOUNT_KEYS } from './keys';

/** GET /returns. */
export async function getReturns(): Promise<ReturnRequest[]> {
  const { data } = await api.get('/returns');
  return returnRequestListSchema.parse(data);
}

export function returnsQueryOptions() {
  return queryOptions({ queryKey: ACCOUNT_KEYS.returns, queryFn: getReturns });
}

export function useReturns() {
  return useQuery(returnsQueryOptions());
}
