import mongoose from 'mongoose';

/**
 * The indexes the models declare and the database lacks, as `collection: {fields}` lines. In
 * production the API does not build indexes itself (a deploy step does: `cli/indexes.ts`), and
 * refuses to start while one is missing: several carry rules (one order per idempotency key, one
 * number per invoice), not only speed.
 */
export async function missingIndexes(): Promise<string[]> {
  const missing: string[] = [];
  for (const model of Object.values(mongoose.models)) {
    const existing = await model.listIndexes().catch(() => []);
    for (const [fields, options] of model.schema.indexes()) {
      // The same fields in the same order, and the same uniqueness: the rule and the speed.
      const found = existing.some(
        (index) =>
          JSON.stringify(index.key) === JSON.stringify(fields) &&
          Boolean(index.unique) === Boolean(options.unique),
      );
      if (!found) missing.push(`${model.collection.collectionName}: ${JSON.stringify(fields)}`);
    }
  }
  return missing;
}

/** Builds every index the models declare (what exists stays); answers the collections' names. */
export async function buildIndexes(): Promise<string[]> {
  const built: string[] = [];
  for (const model of Object.values(mongoose.models)) {
    await model.createIndexes();
    built.push(model.collection.collectionName);
  }
  return built;
}
