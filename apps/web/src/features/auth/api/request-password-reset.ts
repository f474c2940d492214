import { useMutation } from '@tanstack/react-query';
import type { MessageResponse, RequestPasswordResetBody } from '@vanya/contracts';

import { postChecked } from './post-checked';

/** POST /auth/request-password-reset: answers the same whether or not the email has an account. */
export async function requestPasswordReset(
  body: RequestPasswordResetBody,
): Promise<MessageResponse> {
  return postChecked(
    '/auth/request-password-reset',
    body,
    (schemas) => schemas.messageResponseSchema,
  );
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
