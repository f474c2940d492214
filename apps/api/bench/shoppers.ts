// bench:login's shoppers who log in, as both of its processes see them. Loads nothing, so the
// process that times the catalogue may import it (login-shoppers.ts runs as a process of its own
// the moment it is imported, and accounts.ts loads mongoose).
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
