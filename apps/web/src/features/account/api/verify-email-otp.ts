import { useMutation } from '@tanstack/react-query';
import {
  messageResponseSchema,
  type MessageResponse,
  type VerifyEmailOtpBody,
} from '@vanya/contracts';

import { api } from '../../../lib/api-client';

/** POST /auth/verify-email-otp: Verifies the code sent to the new email address. */
export async function verifyEmailOtp(body: VerifyEmailOtpBody): Promise<MessageResponse> {
  const { data } = await api.post('/auth/verify-email-otp', body);
  return messageResponseSchema.parse(data);
}

export function useVerifyEmailOtp() {
  return useMutation({ mutationFn: verifyEmailOtp });
}
