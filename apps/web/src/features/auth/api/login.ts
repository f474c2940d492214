import { useMutation } from '@tanstack/react-query';
import { loginResponseSchema, type LoginBody, type LoginResponse } from '@vanya/contracts';

import { api } from '../../../lib/api-client';

/** POST /auth/login. A 403 with code EMAIL_NOT_VERIFIED or OTP_REQUIRED means a code was emailed. */
export async function login(body: LoginBody): Promise<LoginResponse> {
  const { data } = await api.post('/auth/login', body);
  return loginResponseSchema.parse(data);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
