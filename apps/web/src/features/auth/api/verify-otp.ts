import { useMutation } from '@tanstack/react-query';
import type { LoginResponse, VerifyOtpBody } from '@vanya/contracts';

import { postChecked } from './post-checked';

/** POST /auth/verify-otp: the emailed code finishes the login it interrupted. */
export async function verifyOtp(body: VerifyOtpBody): Promise<LoginResponse> {
  return postChecked('/auth/verify-otp', body, (schemas) => schemas.verifyOtpResponseSchema);
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}
