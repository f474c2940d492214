import { contactResponseSchema, type ContactBody, type ContactResponse } from '@vanya/contracts';
import { useMutation } from '@tanstack/react-query';

import { api, isApiError } from '../../../lib/api-client';
import { CONTACT_TEXTS } from '../texts';

/** POST /contact with the message form. */
export async function sendContactMessage(body: ContactBody): Promise<ContactResponse> {
  const response = await api.post('/contact', body);
  return contactResponseSchema.parse(response.data);
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}

/**
 * What the page says when sending fails: for an error answer, the
 * server's text or 'Something went wrong.'; when no answer came, the error's message or
 * 'Failed to send message.'
 */
export function contactErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.status > 0)
      return error.fromServer ? error.message : CONTACT_TEXTS.somethingWentWrong;
    return error.message || CONTACT_TEXTS.sendFailed;
  }
  return CONTACT_TEXTS.sendFailed;
}
