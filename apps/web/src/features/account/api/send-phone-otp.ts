import { useMutation } from '@tanstack/react-query';
import {
  messageResponseSchema,
  type MessageResponse,
  type SendPhoneOtpBody,
} from '@vanya/contracts';

import { api } from '../../../lib/api-client';

/** POST /auth/send-phone-otp: Sends an SMS code to a new mobile number before the profile may change to it. */
export async function sendPhoneOtp(body: SendPhoneOtpBody): Promise<MessageResponse> {
  const { data } = await api.post('/auth/send-phone-otp', body);
  return messageResponseSchema.parse(data);
}

export function useSendPhoneOtp() {
  return useMutation({ mutationFn: sendPhoneOtp });
}
