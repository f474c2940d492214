import { consentResponseSchema, type ConsentBody } from '@vanya/contracts';
import { useMutation } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';

/** POST /consent: logs the cookie choice; only success or failure matters to the banner. */
export async function logConsent(body: ConsentBody): Promise<void> {
  const response = await api.post('/consent', body);
  consentResponseSchema.parse(response.data);
}

export function useLogConsent() {
  return useMutation({ mutationFn: logConsent });
}
