import { useMutation } from '@tanstack/react-query';
import {
  messageResponseSchema,
  type MessageResponse,
  type ResetPasswordBody,
} from '@vanya/contracts';

import { api } from '../../../lib/api-client';

/** POST /auth/reset-password with the token of the emailed link. */
export async function resetPassword(body: ResetPasswordBody): Promise<MessageResponse> {
  const { data } = await api.post('/auth/reset-password', body);
  return messageResponseSchema.parse(data);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
