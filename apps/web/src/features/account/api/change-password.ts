import { useMutation } from '@tanstack/react-query';
import {
  changePasswordResponseSchema,
  type ChangePasswordBody,
  type ChangePasswordResponse,
} from '@vanya/contracts';

import { api, renewingSession } from '../../../lib/api-client';
import { setToken } from '../../../lib/auth-storage';

/**
 * POST /auth/change-password. Every other session ends, and so does the token this one used: the
 * answer's new token is stored before anything else can send the old one (requests started
 * meanwhile wait for it), and a request already sent with the old one does not end this session.
 */
export function changePassword(body: ChangePasswordBody): Promise<ChangePasswordResponse> {
  return renewingSession(async () => {
    const { data } = await api.post('/auth/change-password', body);
    const answer = changePasswordResponseSchema.parse(data);
    setToken(answer.token);
    return answer;
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
