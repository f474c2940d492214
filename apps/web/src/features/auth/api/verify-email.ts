import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VerifyEmailResponse } from '@vanya/contracts';

import { postChecked } from './post-checked';

/** POST /auth/verify-email: uses the link's token once; a returned token signs the user in. */
export async function verifyEmail(token: string): Promise<VerifyEmailResponse> {
  return postChecked(
    '/auth/verify-email',
    { token },
    (schemas) => schemas.verifyEmailResponseSchema,
  );
}

/**
 * A query rather than a mutation so that the page's double mount (StrictMode) and a re-render
 * share one request: the token works only once.
 */
export function verifyEmailQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['auth', 'verify-email', token],
    queryFn: () => verifyEmail(token),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useVerifyEmail(token: string | null) {
  return useQuery({ ...verifyEmailQueryOptions(token ?? ''), enabled: Boolean(token) });
}
