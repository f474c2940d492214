import { LIMITS } from '@vanya/catalog';

/** Order, invoice, return and ticket ids are shown by their first 6 characters. */
export function shortId(id: string): string {
  return id.slice(0, LIMITS.idDisplayChars);
}
