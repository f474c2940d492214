import { useMutation } from '@tanstack/react-query';
import {
  messageResponseSchema,
  type MessageResponse,
  type VerifyPhoneOtpBody,
} from '@vanya/contracts';

import { api } from '../../../lib/api-client';

/** POST /auth/verify-phone-otp: Verifies the SMS code sent to the new mobile number. */
export async function verifyPhoneOtp(body: VerifyPhoneOtpBody): Promise<MessageResponse> {
  const { data } = await api.post('/auth/verify-phone-otp', body);
  return messageResponseSchema.parse(data);
}

export function useVerifyPhoneOtp() {
  return useMutation({ mutationFn: verifyPhoneOtp });
}
