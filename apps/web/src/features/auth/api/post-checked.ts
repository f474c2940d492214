import { api } from '../../../lib/api-client';
import { loadAuthSchemas } from '../lazy-schemas';
import type * as AuthSchemas from '../schemas';

/**
 * POSTs `body` to `url` and checks the answer with the schema `pick` names. The schemas module
 * loads while the request runs, so the sign-in pages do not carry zod in their first load.
 */
export async function postChecked<T>(
  url: string,
  body: unknown,
  pick: (schemas: typeof AuthSchemas) => { parse: (data: unknown) => T },
): Promise<T> {
  const [{ data }, schemas] = await Promise.all([api.post(url, body), loadAuthSchemas()]);
  return pick(schemas).parse(data);
}
