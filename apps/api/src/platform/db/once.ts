import { randomBytes } from 'node:crypto';
import mongoose, { Schema } from 'mongoose';
import type { Model } from 'mongoose';
import { isDuplicateKey } from './duplicate-key';
import { withDbRetry } from './retry';

/**
 * A step that crosses documents or the outside world and must be done once, whoever asks for it
 * (a mail sent): the caller whose insert of the step's key wins does it and marks it done. A step
 * whose doer failed is given up so the next caller does it; one whose doer died (no word for
 * `staleAfterMs`) is taken over by the next caller.
 *
 * Single-document changes never need this: they are guarded updates (`findOneAndUpdate` with the
 * state expected in the filter). This is for the few decisions no single document can hold.
 */
interface StepDoc {
  _id: string;
  state: 'doing' | 'done';
  by: string;
  at: Date;
}

const models = new Map<string, Model<StepDoc>>();

/** The collection of one kind of step, named for it (`sent_mails`). */
export function stepCollection(name: string): Model<StepDoc> {
  let model = models.get(name);
  if (!model) {
    const schema = new Schema<StepDoc>(
      {
        _id: { type: String, required: true },
        state: { type: String, enum: ['doing', 'done'], required: true },
        by: { type: String, required: true },
        at: { type: Date, required: true },
      },
      { versionKey: false, collection: name },
    );
    model = mongoose.model<StepDoc>(`Step_${name}`, schema);
    models.set(name, model);
  }
  return model;
}

export type OnceResult = 'done' | 'under-way';

/**
 * Steps this process did whose 'done' could not be written (the database went away just after):
 * the process knows they are done, so it writes 'done' later rather than doing them again.
 */
const doneUnrecorded = new Set<string>();

/**
 * Runs `work` unless the step `key` is done or under way elsewhere. Answers 'done' when the step is
 * done (now or before), 'under-way' when another live caller is doing it. A failure of `work` gives
 * the step up and is thrown.
 */
export async function doOnce(
  steps: Model<StepDoc>,
  key: string,
  options: { staleAfterMs: number; now?: () => number },
  work: () => Promise<unknown>,
): Promise<OnceResult> {
  const now = options.now ?? Date.now;
  const known = `${steps.collection.collectionName}:${key}`;
  if (doneUnrecorded.has(known)) {
    await withDbRetry(() => steps.updateOne({ _id: key }, { $set: { state: 'done' } }));
    doneUnrecorded.delete(known);
    return 'done';
  }
  const me = randomBytes(8).toString('hex');
  let mine = false;
  try {
    await withDbRetry(() =>
      steps.create({ _id: key, state: 'doing', by: me, at: new Date(now()) }),
    );
    mine = true;
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
  }
  if (!mine) {
    const step = await withDbRetry(() => steps.findById(key).lean<StepDoc>());
    if (step?.state === 'done') return 'done';
    // A retried insert that had landed: the step is ours.
    if (step?.by === me) mine = true;
    else if (!step) return doOnce(steps, key, options, work);
    else if (now() - step.at.getTime() < options.staleAfterMs) return 'under-way';
    else {
      const taken = await withDbRetry(() =>
        steps
          .findOneAndUpdate(
            { _id: key, state: 'doing', by: step.by },
            { $set: { by: me, at: new Date(now()) } },
            { returnDocument: 'after' },
          )
          .lean<StepDoc>(),
      );
      if (!taken) return 'under-way';
    }
  }
  try {
    await work();
  } catch (err) {
    await steps.deleteOne({ _id: key, by: me }).catch(() => undefined);
    throw err;
  }
  try {
    await withDbRetry(() =>
      steps.updateOne({ _id: key, by: me }, { $set: { state: 'done', at: new Date(now()) } }),
    );
  } catch (err) {
    doneUnrecorded.add(known);
    throw err;
  }
  return 'done';
}
