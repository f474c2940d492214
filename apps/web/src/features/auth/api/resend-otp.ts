import { useMutation } from '@tanstack/react-query';
import { messageResponseSchema, type MessageResponse, type ResendOtpBody } from '@vanya/contracts';

import { api } from '../../../lib/api-client';

/** POST /auth/resend-otp; a 429 OTP_COOLDOWN carries retryAfterSeconds. */
export async function resendOtp(body: ResendOtpBody): Promise<MessageResponse> {
  const { data } = await api.post('/auth/resend-otp', body);
  return messageResponseSchema.parse(data);
}

export function useResendOtp() {
  return useMutation({ mutationFn: resendOtp });
}
