import { useMutation } from '@tanstack/react-query';
import type { MessageResponse, RegisterBody } from '@vanya/contracts';

import { postChecked } from './post-checked';

/** POST /auth/register: creates the account and mails its verification link and code. */
export async function register(body: RegisterBody): Promise<MessageResponse> {
  return postChecked('/auth/register', body, (schemas) => schemas.messageResponseSchema);
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
