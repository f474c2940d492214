import { useMutation } from '@tanstack/react-query';
import { messageResponseSchema, type MessageResponse, type RegisterBody } from '@vanya/contracts';

import { api } from '../../../lib/api-client';

/** POST /auth/register: creates the account and mails its verification link and code. */
export async function register(body: RegisterBody): Promise<MessageResponse> {
  const { data } = await api.post('/auth/register', body);
  return messageResponseSchema.parse(data);
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
