/** A write refused by a unique index (MongoDB's and FerretDB's code 11000). */
export const isDuplicateKey = (err: unknown): boolean =>
  (err as { code?: unknown } | null)?.code === 11000;
