import { useMutation } from '@tanstack/react-query';
import {
  messageResponseSchema,
  type MessageResponse,
  type SendEmailOtpBody,
} from '@vanya/contracts';

import { api } from '../../../lib/api-client';

/** POST /auth/send-email-otp: Sends a code to a new email address before the profile may change to it. */
export async function sendEmailOtp(body: SendEmailOtpBody): Promise<MessageResponse> {
  const { data } = await api.post('/auth/send-email-otp', body);
  return messageResponseSchema.parse(data);
}

export function useSendEmailOtp() {
  return useMutation({ mutationFn: sendEmailOtp });
}
