import { useMutation, useQueryClient } from '@tanstack/react-query';
import { returnRequestSchema, type CreateReturnBody, type ReturnRequest } from '@vanya/contracts';

import { api } from '../../../lib/api-client';
import { ACCOUNT_KEYS } from './keys';

/** POST /returns: 'Initiate a Return' for one of the user's paid orders. */
export async function createReturn(body: CreateReturnBody): Promise<ReturnRequest> {
  const { data } = await api.post('/returns', body);
  return returnRequestSchema.parse(data);
}

export function useCreateReturn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReturn,
    onSuccess: (created) =>
      queryClient.setQueryData<ReturnRequest[]>(ACCOUNT_KEYS.returns, (list) => [
        created,
        ...(list ?? []),
      ]),
  });
}
