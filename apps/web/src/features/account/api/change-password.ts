import { useMutation } from '@tanstack/react-query';
import {
  changePasswordResponseSchema,
  type ChangePasswordBody,
  type ChangePasswordResponse,
} from '@vanya/contracts';

import { api } from '../../../lib/api-client';
import { setToken } from '../../../lib/auth-storage';

/**
 * POST /auth/change-password. Every other session ends, and so does the token this one used: the
 * answer's new token is stored before anything else can send the old one.
 */
export async function changePassword(body: ChangePasswordBody): Promise<ChangePasswordResponse> {
  const { data } = await api.post('/auth/change-password', body);
  const answer = changePasswordResponseSchema.parse(data);
  setToken(answer.token);
  return answer;
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
