// Stock counts: the owner's view and changes (/api/admin/stock) and the shopper's "Notify me"
// (/api/products/{id}/notify). Counts are whole units of the three single products; bundles and
// hampers are made up from them.
import { z } from 'zod';
import { createEmailField, isoDateTimeField, NOT_BLANK_PATTERN, productIdField } from './fields';
import { FIELD_MESSAGES } from './messages';

/** What moved a count, as the ledger names it. */
export const STOCK_MOVE_KINDS = [
  /** The count a product started with when counting began (STOCK_INITIAL). */
  'initial',
  /** The owner received units. */
  'receipt',
  /** The owner took units off (damaged, lost, counted short). */
  'adjustment',
  /** An order was placed: its units are held for it. */
  'reserved',
  /** The order was paid or confirmed: its units left the shelf for good. */
  'sold',
  /** An order that held units was never paid or was cancelled: they are free again. */
  'released',
  /** Sold units came back: a cancelled or refused parcel, or a return marked restockable. */
  'restocked',
] as const;
export type StockMoveKind = (typeof STOCK_MOVE_KINDS)[number];

/** The most units one adjustment may add or take off. */
export const STOCK_ADJUST_MAX = 100_000;

const reasonField = z.string().max(200).trim().min(1).meta({ pattern: NOT_BLANK_PATTERN });

/** POST /admin/stock/{id}: units received (positive) or taken off (negative), and why. */
export const stockAdjustBodySchema = z
  .object({
    adjust: z
      .number()
      .int()
      .min(-STOCK_ADJUST_MAX)
      .max(STOCK_ADJUST_MAX)
      .refine((n) => n !== 0, 'Receive or take off at least one unit'),
    reason: reasonField,
  })
  .strict();

/** PUT /admin/stock/{id}: the low-stock level and the "stop selling" switch. */
export const stockSettingsBodySchema = z
  .object({
    lowStockAt: z.number().int().min(0).max(STOCK_ADJUST_MAX).optional(),
    selling: z.boolean().optional(),
  })
  .strict();

/** A single product's counts: available = onHand - reserved. */
export const stockItemSchema = z
  .object({
    productId: productIdField,
    name: z.string(),
    onHand: z.number().int().nonnegative(),
    /** Held for orders placed and not yet paid or confirmed. */
    reserved: z.number().int().nonnegative(),
    available: z.number().int().nonnegative(),
    /** The owner is mailed when available falls to this. */
    lowStockAt: z.number().int().nonnegative(),
    /** Whether available is at or below lowStockAt. */
    low: z.boolean(),
    /** The owner's "stop selling" switch: false, and shoppers cannot order it whatever the counts. */
    selling: z.boolean(),
  })
  .meta({ id: 'StockItem' });

/** A bundle or hamper: no count of its own, as many as its contents make up. */
export const bundleStockSchema = z
  .object({
    productId: productIdField,
    name: z.string(),
    available: z.number().int().nonnegative(),
    selling: z.boolean(),
    contents: z.array(
      z.object({ productId: productIdField, quantity: z.number().int().positive() }),
    ),
  })
  .meta({ id: 'BundleStock' });

/** GET /admin/stock */
export const adminStockSchema = z
  .object({ items: z.array(stockItemSchema), bundles: z.array(bundleStockSchema) })
  .meta({ id: 'AdminStock' });

/** One line of a product's stock ledger. */
export const stockMoveSchema = z
  .object({
    productId: productIdField,
    kind: z.enum(STOCK_MOVE_KINDS),
    /** The change to the units on hand. */
    change: z.number().int(),
    /** The change to the units held for orders. */
    reservedChange: z.number().int(),
    /** The owner's words for a receipt or an adjustment; what happened, for the others. */
    reason: z.string(),
    orderNumber: z.string().nullable(),
    /** The owner's email, or 'shopper' or 'system'. */
    by: z.string(),
    at: isoDateTimeField,
  })
  .meta({ id: 'StockMove' });
/** GET /admin/stock/{id}/moves: a page of the ledger, newest first. */
export const stockMoveListSchema = z.array(stockMoveSchema);

/** The most ledger lines one page holds. */
export const STOCK_MOVES_PAGE_MAX = 100;

/** GET /admin/stock/{id}/moves?page=&limit=: page 1 holds the newest lines. */
export const stockMovesQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    limit: z.coerce.number().int().min(1).max(STOCK_MOVES_PAGE_MAX).default(STOCK_MOVES_PAGE_MAX),
  })
  .strict();

/** Low stock on the owner's dashboard (GET /admin/summary). */
export const lowStockSchema = z.object({
  productId: productIdField,
  name: z.string(),
  available: z.number().int().nonnegative(),
});

/** POST /products/{id}/notify: mail me once when this can be bought again. */
export const stockNotifyBodySchema = z
  .object({ email: createEmailField(FIELD_MESSAGES.invalidEmail) })
  .strict();

export const STOCK_NOTIFY_MESSAGES = {
  saved: "We'll email you once, as soon as it is back in stock.",
} as const;

/** 201 the first time, 200 with the same words when this address already waits for this product. */
export const stockNotifyResponseSchema = z.object({ message: z.string() });

export type StockAdjustBody = z.infer<typeof stockAdjustBodySchema>;
export type StockSettingsBody = z.infer<typeof stockSettingsBodySchema>;
export type StockItem = z.infer<typeof stockItemSchema>;
export type BundleStock = z.infer<typeof bundleStockSchema>;
export type AdminStock = z.infer<typeof adminStockSchema>;
export type StockMove = z.infer<typeof stockMoveSchema>;
export type StockMovesQuery = z.infer<typeof stockMovesQuerySchema>;
export type LowStock = z.infer<typeof lowStockSchema>;
export type StockNotifyBody = z.infer<typeof stockNotifyBodySchema>;
