import { useMutation } from '@tanstack/react-query';
import type { MessageResponse, ResetPasswordBody } from '@vanya/contracts';

import { postChecked } from './post-checked';

/** POST /auth/reset-password with the token of the emailed link. */
export async function resetPassword(body: ResetPasswordBody): Promise<MessageResponse> {
  return postChecked('/auth/reset-password', body, (schemas) => schemas.messageResponseSchema);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
