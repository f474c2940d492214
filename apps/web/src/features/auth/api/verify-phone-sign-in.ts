import { useMutation } from '@tanstack/react-query';
import type { PhoneVerifyBody, PhoneVerifyResponse } from '@vanya/contracts';

import { postChecked } from './post-checked';

/**
 * POST /auth/phone/verify: signs in the number's account or creates one. A 400 NAME_REQUIRED means
 * the code was right and the number is new: send it again with a name.
 */
export async function verifyPhoneSignIn(body: PhoneVerifyBody): Promise<PhoneVerifyResponse> {
  return postChecked('/auth/phone/verify', body, (schemas) => schemas.phoneVerifyResponseSchema);
}

export function useVerifyPhoneSignIn() {
  return useMutation({ mutationFn: verifyPhoneSignIn });
}
