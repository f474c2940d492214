// bench:login's shoppers who log in.
import type { RequestSpec } from './harness';

export interface Shoppers {
  emails: string[];
  password: string;
}

/** The `i`-th login of a run: the shoppers take turns. */
export function loginRequest(shoppers: Shoppers, i: number): RequestSpec {
  return {
    method: 'POST',
    path: '/api/auth/login',
    body: JSON.stringify({
      email: shoppers.emails[i % shoppers.emails.length],
      password: shoppers.password,
    }),
  };
}
