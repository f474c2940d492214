import { useMutation } from '@tanstack/react-query';
import type { PhoneStartBody, PhoneStartResponse } from '@vanya/contracts';

import { postChecked } from './post-checked';

/**
 * POST /auth/phone/start: texts a code; the same answer for any number, with the seconds until
 * another may be asked for (retryAfterSeconds).
 */
export async function startPhoneSignIn(body: PhoneStartBody): Promise<PhoneStartResponse> {
  return postChecked('/auth/phone/start', body, (schemas) => schemas.phoneStartResponseSchema);
}

export function useStartPhoneSignIn() {
  return useMutation({ mutationFn: startPhoneSignIn });
}
