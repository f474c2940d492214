import { useMutation } from '@tanstack/react-query';
import {
  resendOtpResponseSchema,
  type ResendOtpBody,
  type ResendOtpResponse,
} from '@vanya/contracts';

import { api } from '../../../lib/api-client';

/**
 * POST /auth/resend-otp: answers the seconds until the next code (resendAfterSeconds); a 429
 * OTP_COOLDOWN carries what is left (retryAfterSeconds).
 */
export async function resendOtp(body: ResendOtpBody): Promise<ResendOtpResponse> {
  const { data } = await api.post('/auth/resend-otp', body);
  return resendOtpResponseSchema.parse(data);
}

export function useResendOtp() {
  return useMutation({ mutationFn: resendOtp });
}
