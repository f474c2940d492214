import { useMutation } from '@tanstack/react-query';
import { verifyOtpResponseSchema, type LoginResponse, type VerifyOtpBody } from '@vanya/contracts';

import { api } from '../../../lib/api-client';

/** POST /auth/verify-otp: the emailed code finishes the login it interrupted. */
export async function verifyOtp(body: VerifyOtpBody): Promise<LoginResponse> {
  const { data } = await api.post('/auth/verify-otp', body);
  return verifyOtpResponseSchema.parse(data);
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}
