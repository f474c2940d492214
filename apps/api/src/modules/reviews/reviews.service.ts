import { brand, productsUsing } from '@vanya/catalog';
import type { Catalogue } from '@vanya/catalog';
import type {
  AdminReview,
  AdminReviewAction,
  MyReview,
  MyReviewAnswer,
  Review,
  ReviewList,
  ReviewStatus,
} from '@vanya/contracts';
import { trusted } from 'mongoose';
import type { Types } from 'mongoose';
import { doOnce } from '../../platform/db/once';
import { forEachOldestFirst } from '../../platform/db/page';
import { isDuplicateKey } from '../../platform/db/duplicate-key';
import { conflict, forbidden, notFound } from '../../platform/errors/app-error';
import type { Logger } from '../../platform/logger';
import type { Mailer } from '../mail/mailer';
import { escapeHtml, layout } from '../mail/templates';
import { SentMails } from '../orders/order-lifecycle';
import { OrderModel } from '../orders/order.model';
import type { OrderDoc } from '../orders/order.model';
import { ReviewModel } from './review.model';
import type { ReviewDoc } from './review.model';

const DAY = 24 * 60 * 60 * 1000;
/** A buyer is asked for a review this long after the parcel arrived. */
export const REVIEW_REQUEST_AFTER_MS = 7 * DAY;
/** How long a product's rating (for its page's JSON-LD) is kept; another process's moderation shows after it. */
const RATING_KEPT_MS = 5000;

export interface Rating {
  average: number;
  count: number;
}

/** 'Asha Kulkarni' -> 'Asha K.': what a visitor sees of the buyer. */
export const authorOf = (name: string) => {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  const last = rest.at(-1);
  return last ? `${first} ${last[0]!.toUpperCase()}.` : first;
};

function publicView(r: ReviewDoc): Review {
  return {
    _id: String(r._id),
    rating: r.rating,
    title: r.title,
    body: r.body,
    author: authorOf(r.buyerName),
    verifiedBuyer: true,
    createdAt: r.createdAt.toISOString(),
    reply: r.reply ? { body: r.reply.body, at: r.reply.at.toISOString() } : null,
  };
}

function ownView(r: ReviewDoc): MyReview {
  return {
    rating: r.rating,
    title: r.title,
    body: r.body,
    status: r.status as ReviewStatus,
    reply: r.reply ? { body: r.reply.body, at: r.reply.at.toISOString() } : null,
  };
}

/** A delivered order of the shopper that held the product, as itself or inside a bundle or hamper. */
async function deliveredOrderWith(ctx: ReviewsContext, userId: Types.ObjectId, productId: string) {
  const holders = productsUsing(productId, await ctx.catalogue());
  return OrderModel.findOne({
    userId,
    status: 'delivered',
    'lines.productId': trusted({ $in: [productId, ...holders] }),
  }).lean<OrderDoc>();
}

function adminView(catalogue: Catalogue, r: ReviewDoc): AdminReview {
  return {
    ...publicView(r),
    productId: r.productId,
    productName: catalogue.get(r.productId)?.name ?? r.productId,
    status: r.status as ReviewStatus,
    buyerName: r.buyerName,
  };
}

export interface ReviewsDeps {
  mailer: Mailer;
  logger: Logger;
  webOrigin: string;
  staleAfterMs: number;
  now?: () => number;
  /** The published products of the moment, as the database holds them (products/catalogue.ts). */
  catalogue: () => Promise<Catalogue>;
}

/** What the operations share: the deps, the clock settled, and the ratings kept a few seconds. */
type ReviewsContext = ReviewsDeps & {
  now: () => number;
  catalogue: () => Promise<Catalogue>;
  ratings: Map<string, { at: number; rating: Promise<Rating> }>;
};

/** The published reviews of a product, newest first, with their average (one decimal). */
async function list(productId: string): Promise<ReviewList> {
  const published = await ReviewModel.find({ productId, status: 'published' })
    .sort({ createdAt: -1 })
    .lean<ReviewDoc[]>();
  const count = published.length;
  const average = count
    ? Math.round((published.reduce((sum, r) => sum + r.rating, 0) / count) * 10) / 10
    : 0;
  return { items: published.map(publicView), average, count };
}

/** A product's average and count of published reviews, read at most every few seconds. */
function rating({ ratings, now }: ReviewsContext, productId: string): Promise<Rating> {
  let kept = ratings.get(productId);
  if (!kept || now() - kept.at >= RATING_KEPT_MS) {
    const rating = list(productId).then(({ average, count }) => ({ average, count }));
    kept = { at: now(), rating };
    ratings.set(productId, kept);
    rating.catch(() => ratings.delete(productId));
  }
  return kept.rating;
}

/** Whether the shopper may review the product, and their review of it if they wrote one. */
async function mine(
  ctx: ReviewsContext,
  userId: Types.ObjectId,
  productId: string,
): Promise<MyReviewAnswer> {
  const [order, review] = await Promise.all([
    deliveredOrderWith(ctx, userId, productId),
    ReviewModel.findOne({ productId, userId }).lean<ReviewDoc>(),
  ]);
  return { buyer: Boolean(order), review: review ? ownView(review) : null };
}

/**
 * The shopper's edit of their review: the owner reads it again before it shows (back to
 * pending), its reply kept. 404 REVIEW_NOT_FOUND when they have none.
 */
async function edit(
  { ratings }: ReviewsContext,
  userId: Types.ObjectId,
  productId: string,
  body: { rating: number; title: string; body: string },
): Promise<MyReview> {
  const updated = await ReviewModel.findOneAndUpdate(
    { productId, userId },
    { $set: { ...body, status: 'pending' } },
    { returnDocument: 'after' },
  ).lean<ReviewDoc>();
  if (!updated) throw notFound('You have not reviewed this product yet.', 'REVIEW_NOT_FOUND');
  ratings.delete(productId);
  return ownView(updated);
}

/** 403 NOT_A_BUYER unless a delivered order of the shopper held it; 409 REVIEW_EXISTS. */
async function write(
  ctx: ReviewsContext,
  user: { _id: Types.ObjectId; name: string },
  productId: string,
  body: { rating: number; title: string; body: string },
): Promise<AdminReview> {
  const order = await deliveredOrderWith(ctx, user._id, productId);
  if (!order)
    throw forbidden(
      'Only shoppers whose order with this product has been delivered can review it.',
      'NOT_A_BUYER',
    );
  try {
    const created = await ReviewModel.create({
      productId,
      userId: user._id,
      orderId: order._id,
      buyerName: user.name,
      ...body,
    });
    return adminView(await ctx.catalogue(), created.toObject() as ReviewDoc);
  } catch (err) {
    if (isDuplicateKey(err))
      throw conflict('You have reviewed this product already.', 'REVIEW_EXISTS');
    throw err;
  }
}

async function moderate(
  ctx: ReviewsContext,
  status: ReviewStatus | undefined,
): Promise<AdminReview[]> {
  const catalogue = await ctx.catalogue();
  const reviews = await ReviewModel.find(status ? { status } : {})
    .sort({ createdAt: -1 })
    .limit(200)
    .lean<ReviewDoc[]>();
  return reviews.map((r) => adminView(catalogue, r));
}

/** Publishes or hides a review; a reply given is shown under it (replacing an earlier one). */
async function act(
  ctx: ReviewsContext,
  id: string,
  action: AdminReviewAction,
): Promise<AdminReview> {
  const updated = await ReviewModel.findOneAndUpdate(
    { _id: id },
    {
      $set: {
        status: action.action === 'publish' ? 'published' : 'hidden',
        ...(action.reply ? { reply: { body: action.reply, at: new Date(ctx.now()) } } : {}),
      },
    },
    { returnDocument: 'after' },
  ).lean<ReviewDoc>();
  if (!updated) throw notFound('Review not found.', 'REVIEW_NOT_FOUND');
  ctx.ratings.delete(updated.productId);
  return adminView(await ctx.catalogue(), updated);
}

/**
 * Asks each buyer whose parcel arrived a week ago or more (and not yet asked) for a review of
 * what it held: one mail per order, whoever runs this, then marked on the order.
 */
async function requestReviews(ctx: ReviewsContext): Promise<number> {
  const { now } = ctx;
  let asked = 0;
  const cutoff = new Date(now() - REVIEW_REQUEST_AFTER_MS);
  await forEachOldestFirst<OrderDoc>(
    OrderModel,
    {
      status: 'delivered',
      reviewRequestedAt: null,
      deliveredAt: trusted({ $lte: cutoff }),
    },
    async (order) => {
      try {
        const result = await doOnce(
          SentMails,
          `review-request:${String(order._id)}`,
          { staleAfterMs: ctx.staleAfterMs, now },
          () => ctx.mailer.send({ to: order.email, ...reviewRequestMail(order, ctx.webOrigin) }),
        );
        if (result !== 'done') return;
        await OrderModel.updateOne(
          { _id: order._id, reviewRequestedAt: null },
          { $set: { reviewRequestedAt: new Date(now()) } },
        );
        asked += 1;
      } catch (err) {
        ctx.logger.warn({ err, orderNumber: order.orderNumber }, 'review request not sent');
      }
    },
  );
  return asked;
}

/**
 * Reviews: written only by buyers (a delivered order of theirs held the product, alone or in a
 * bundle), one per product each, moderated by the owner; and the request for one a week after
 * delivery, mailed once per order.
 *
 * Each operation is a module function above, given the context the service shares.
 */
export function createReviews(deps: ReviewsDeps) {
  const ctx: ReviewsContext = {
    ...deps,
    now: deps.now ?? Date.now,
    ratings: new Map(),
  };
  return {
    list,
    rating: (productId: string) => rating(ctx, productId),
    mine: (userId: Types.ObjectId, productId: string) => mine(ctx, userId, productId),
    edit: (
      userId: Types.ObjectId,
      productId: string,
      body: { rating: number; title: string; body: string },
    ) => edit(ctx, userId, productId, body),
    write: (
      user: { _id: Types.ObjectId; name: string },
      productId: string,
      body: { rating: number; title: string; body: string },
    ) => write(ctx, user, productId, body),
    moderate: (status: ReviewStatus | undefined) => moderate(ctx, status),
    act: (id: string, action: AdminReviewAction) => act(ctx, id, action),
    requestReviews: () => requestReviews(ctx),
  };
}

export type Reviews = ReturnType<typeof createReviews>;

function reviewRequestMail(order: OrderDoc, webOrigin: string) {
  const subject = `How do you like your ${brand.name} order ${order.orderNumber}?`;
  // Named as sold: the order keeps each line's name of the moment.
  const names = new Map(order.lines.map((l) => [l.productId, l.name]));
  const links = [...names].map(([id, name]) => ({
    name,
    url: `${webOrigin}/products/${id}#reviews`,
  }));
  return {
    subject,
    text: `Hello ${order.firstName},\n\nYour order ${order.orderNumber} arrived a week ago. A few words on how you find it help other shoppers choose:\n\n${links.map((l) => `${l.name}: ${l.url}`).join('\n')}\n\n${brand.name} · ${brand.supportEmail}`,
    html: layout(
      subject,
      `<p>Hello ${escapeHtml(order.firstName)},</p><p>Your order <strong>${order.orderNumber}</strong> arrived a week ago. A few words on how you find it help other shoppers choose:</p><ul>${links
        .map(
          (l) =>
            `<li><a href="${escapeHtml(l.url)}" style="color:${brand.colors.forest}">Review ${escapeHtml(l.name)}</a></li>`,
        )
        .join('')}</ul>`,
    ),
  };
}
