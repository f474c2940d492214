import { isValidObjectId, trusted } from 'mongoose';
import type { Model, Types } from 'mongoose';
import { withDbRetry } from './retry';

export interface PageQuery {
  limit: number;
  /** The id of the last item of the previous page: the page starts after it. */
  before?: string | undefined;
}

/**
 * One page of a shopper's items, newest first: `find({userId}).sort({createdAt: -1, _id: -1})`
 * from after the item `before` (from the start when it is absent; none when it is not one of the
 * shopper's, as a cursor the shopper was never given leads nowhere), served by
 * the model's `{userId: 1, createdAt: -1, _id: -1}` index. `filter` narrows the items (orders
 * that have an invoice, say).
 */
export async function pageForUser<T>(
  model: Model<any>, // eslint-disable-line @typescript-eslint/no-explicit-any
  userId: Types.ObjectId,
  page: PageQuery,
  filter: Record<string, unknown> = {},
): Promise<T[]> {
  const query: Record<string, unknown> = { userId, ...filter };
  if (page.before && isValidObjectId(page.before)) {
    const last = await model
      .findOne({ _id: page.before, userId }, { createdAt: 1 })
      .lean<{ _id: Types.ObjectId; createdAt: Date }>();
    if (!last) return [];
    query.$or = [
      { createdAt: trusted({ $lt: last.createdAt }) },
      { createdAt: last.createdAt, _id: trusted({ $lt: last._id }) },
    ];
  }
  return model.find(query).sort({ createdAt: -1, _id: -1 }).limit(page.limit).lean<T[]>().exec();
}

/**
 * Every document matching `filter`, oldest first (`createdAt`, then `_id`), a page at a time,
 * however many there are: what a job that must look at all of them pages through. Served by an
 * index on the filter's fields followed by `{createdAt: 1, _id: 1}`.
 */
export async function forEachOldestFirst<T extends { _id: unknown; createdAt: Date }>(
  model: Model<any>, // eslint-disable-line @typescript-eslint/no-explicit-any
  filter: Record<string, unknown>,
  each: (doc: T) => Promise<void>,
  pageSize = 100,
): Promise<void> {
  let after: T | undefined;
  for (;;) {
    const page = await withDbRetry(() =>
      model
        .find({
          ...filter,
          ...(after
            ? {
                $or: [
                  { createdAt: trusted({ $gt: after.createdAt }) },
                  { createdAt: after.createdAt, _id: trusted({ $gt: after._id }) },
                ],
              }
            : {}),
        })
        .sort({ createdAt: 1, _id: 1 })
        .limit(pageSize)
        .lean<T[]>()
        .exec(),
    );
    for (const doc of page) await each(doc);
    if (page.length < pageSize) return;
    after = page[page.length - 1];
  }
}
