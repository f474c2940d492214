import { useMutation } from '@tanstack/react-query';
import {
  messageResponseSchema,
  type MessageResponse,
  type RequestPasswordResetBody,
} from '@vanya/contracts';

import { api } from '../../../lib/api-client';

/** POST /auth/request-password-reset: answers the same whether or not the email has an account. */
export async function requestPasswordReset(
  body: RequestPasswordResetBody,
): Promise<MessageResponse> {
  const { data } = await api.post('/auth/request-password-reset', body);
  return messageResponseSchema.parse(data);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
