import { useMutation } from '@tanstack/react-query';
import type { LoginBody, LoginResponse } from '@vanya/contracts';

import { postChecked } from './post-checked';

/** POST /auth/login. A 403 with code EMAIL_NOT_VERIFIED or OTP_REQUIRED means a code was emailed. */
export async function login(body: LoginBody): Promise<LoginResponse> {
  return postChecked('/auth/login', body, (schemas) => schemas.loginResponseSchema);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
