/** A write refused by a unique index (MongoDB's and FerretDB's code 11000). */
export const isDuplicateKey = (err: unknown): boolean =>
  (err as { code?: unknown } | null)?.code === 11000;

/**
 * The first field of the unique index that refused a write, when the server says: MongoDB puts it
 * in `keyPattern` (and names the index in the message: `index: orderNumber_1 dup key: ...`).
 * FerretDB 1.x says neither, and then this is undefined.
 */
export function duplicateKeyField(err: unknown): string | undefined {
  if (!isDuplicateKey(err)) return undefined;
  const { keyPattern, errmsg, message } = err as {
    keyPattern?: Record<string, unknown>;
    errmsg?: string;
    message?: string;
  };
  const fromPattern = keyPattern && Object.keys(keyPattern)[0];
  if (fromPattern) return fromPattern;
  const index = / index: (\S+) dup key/.exec(errmsg ?? message ?? '')?.[1];
  if (!index) return undefined;
  // Index names are fields and directions: _id_, orderNumber_1, userId_1_idempotencyKey_1.
  return index === '_id_' ? '_id' : index.split(/_-?1(?:_|$)/)[0];
}
