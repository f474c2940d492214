import { useMutation } from '@tanstack/react-query';
import type { ResendOtpBody, ResendOtpResponse } from '@vanya/contracts';

import { postChecked } from './post-checked';

/**
 * POST /auth/resend-otp: answers the seconds until the next code (resendAfterSeconds); a 429
 * OTP_COOLDOWN carries what is left (retryAfterSeconds).
 */
export async function resendOtp(body: ResendOtpBody): Promise<ResendOtpResponse> {
  return postChecked('/auth/resend-otp', body, (schemas) => schemas.resendOtpResponseSchema);
}

export function useResendOtp() {
  return useMutation({ mutationFn: resendOtp });
}
