// Reviews from real buyers: written by a shopper with a delivered order that held the product
// (alone or in a bundle), one per product each, shown once the owner publishes them.
import { z } from 'zod';
import { isoDateTimeField, NOT_BLANK_PATTERN } from './fields';

const text = (max: number, required: string) =>
  z
    .string({ error: required })
    .max(max, `At most ${max} characters`)
    .trim()
    .min(1, { message: required, abort: true })
    .meta({ pattern: NOT_BLANK_PATTERN });

export const REVIEW_STATUSES = ['pending', 'published', 'hidden'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** POST /products/{id}/reviews */
export const reviewBodySchema = z
  .object({
    rating: z
      .number({ error: 'Choose 1 to 5 stars' })
      .int('Choose 1 to 5 stars')
      .min(1, 'Choose 1 to 5 stars')
      .max(5, 'Choose 1 to 5 stars'),
    title: text(100, 'Give your review a title'),
    body: text(2000, 'Tell others what you thought'),
  })
  .strict()
  .meta({ id: 'ReviewBody' });
export type ReviewBodyInput = z.input<typeof reviewBodySchema>;

/** A published review as every visitor sees it: the buyer's first name and initial only. */
export const reviewSchema = z
  .object({
    _id: z.string(),
    rating: z.number().int().min(1).max(5),
    title: z.string(),
    body: z.string(),
    /** 'Asha K.' */
    author: z.string(),
    /** Always true: only buyers of the product can write one. */
    verifiedBuyer: z.literal(true),
    createdAt: isoDateTimeField,
    reply: z.object({ body: z.string(), at: isoDateTimeField }).nullable(),
  })
  .meta({ id: 'Review' });
export type Review = z.infer<typeof reviewSchema>;

/** GET /products/{id}/reviews: the published reviews, newest first, their average and count. */
export const reviewListSchema = z
  .object({
    items: z.array(reviewSchema),
    /** One decimal; 0 when there is none. */
    average: z.number().min(0).max(5),
    count: z.number().int().nonnegative(),
  })
  .meta({ id: 'ReviewList' });
export type ReviewList = z.infer<typeof reviewListSchema>;

/** The signed-in shopper's own review of a product, whatever the owner did with it. */
export const myReviewSchema = z
  .object({
    rating: z.number().int().min(1).max(5),
    title: z.string(),
    body: z.string(),
    /** 'pending' until the owner reads it (again, after an edit). */
    status: z.enum(REVIEW_STATUSES),
    reply: z.object({ body: z.string(), at: isoDateTimeField }).nullable(),
  })
  .meta({ id: 'MyReview' });
export type MyReview = z.infer<typeof myReviewSchema>;

/**
 * GET /products/{id}/reviews/mine: whether the signed-in shopper may review the product (a
 * delivered order of theirs held it) and their review of it, if any.
 */
export const myReviewAnswerSchema = z
  .object({ buyer: z.boolean(), review: myReviewSchema.nullable() })
  .meta({ id: 'MyReviewAnswer' });
export type MyReviewAnswer = z.infer<typeof myReviewAnswerSchema>;

/** A review as the owner moderates it. */
export const adminReviewSchema = reviewSchema
  .extend({
    productId: z.string(),
    productName: z.string(),
    status: z.enum(REVIEW_STATUSES),
    /** The buyer's full name, for the owner. */
    buyerName: z.string(),
  })
  .meta({ id: 'AdminReview' });
export type AdminReview = z.infer<typeof adminReviewSchema>;

/** GET /admin/reviews?status= */
export const adminReviewQuerySchema = z
  .object({ status: z.enum(REVIEW_STATUSES).optional() })
  .strict();

/** POST /admin/reviews/{id}: publish or hide, with an optional public reply. */
export const adminReviewActionSchema = z
  .object({
    action: z.enum(['publish', 'hide']),
    reply: text(1000, 'Write a reply').optional(),
  })
  .strict()
  .meta({ id: 'AdminReviewAction' });
export type AdminReviewAction = z.infer<typeof adminReviewActionSchema>;
