import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  twoStepResponseSchema,
  type TwoStepBody,
  type TwoStepResponse,
  type User,
} from '@vanya/contracts';

import { api } from '../../../lib/api-client';
import { ACCOUNT_KEYS } from './keys';

/** POST /auth/two-step: turns the emailed login code on or off, confirmed with the password. */
export async function setTwoStep(body: TwoStepBody): Promise<TwoStepResponse> {
  const { data } = await api.post('/auth/two-step', body);
  return twoStepResponseSchema.parse(data);
}

export function useSetTwoStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTwoStep,
    onSuccess: ({ twoStepEnabled }) =>
      queryClient.setQueryData<User>(
        ACCOUNT_KEYS.me,
        (user) => user && { ...user, twoStepEnabled },
      ),
  });
}
