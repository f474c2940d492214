import { useMutation } from '@tanstack/react-query';
import { waitlistResponseSchema, type WaitlistBody, type WaitlistResponse } from '@vanya/contracts';

import { api } from '../../../lib/api-client';

/** POST /waitlist: 201 when added, 200 with the same words when the address was already there. */
export async function joinWaitlist(body: WaitlistBody): Promise<WaitlistResponse> {
  const { data } = await api.post('/waitlist', body);
  return waitlistResponseSchema.parse(data);
}

export function useJoinWaitlist() {
  return useMutation({ mutationFn: joinWaitlist });
}
