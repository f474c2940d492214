import { STOCK_MOVE_KINDS } from '@vanya/contracts';
import mongoose, { Schema } from 'mongoose';
import type { Types } from 'mongoose';

/** The owner's "stop selling" switch per product (bundles too): one small document per product switched. */
const stockSchema = new Schema(
  { _id: { type: String, required: true }, inStock: { type: Boolean, required: true } },
  { versionKey: false, timestamps: { createdAt: false, updatedAt: true }, collection: 'stock' },
);
export const StockModel = mongoose.model('Stock', stockSchema);

/** One line of the stock ledger (`stock_moves`), as it is kept on the count it changed too. */
const moveFields = {
  /** `<order>:<kind>:<product>` for an order's move, so each is made once; else a fresh id. */
  _id: { type: String, required: true },
  kind: { type: String, enum: STOCK_MOVE_KINDS, required: true },
  change: { type: Number, required: true },
  reservedChange: { type: Number, required: true },
  reason: { type: String, required: true },
  orderId: { type: Schema.Types.ObjectId, default: null },
  by: { type: String, required: true },
  at: { type: Date, required: true },
};

/**
 * The counts of one single product. `available` is always onHand - reserved: every write changes
 * the three in one `$inc`, so a reservation can be guarded on `available` alone (`$expr`, which
 * would compare two fields, is not in the embedded FerretDB). The same write pushes the change's
 * ledger line onto `recent`, so a count never moves without its line: the line is copied to
 * `stock_moves` at once, and `recent` keeps it a few minutes more, which makes a move made twice
 * (a retry, a job finishing what a dead process began) a no-op and lets the ledger job find
 * reservations whose order was never stored (stock-ledger.ts).
 */
const stockItemSchema = new Schema(
  {
    _id: { type: String, required: true },
    onHand: { type: Number, required: true },
    reserved: { type: Number, required: true },
    available: { type: Number, required: true },
    lowStockAt: { type: Number, required: true },
    /** Set when the owners were mailed that it fell to lowStockAt; cleared when it rises above. */
    lowStockNotified: { type: Boolean, required: true, default: false },
    recent: { type: [new Schema(moveFields)], default: [] },
    /**
     * The ids of the lines on `recent`, pushed and pulled with them: the guard that a move is not
     * made twice is `{moveIds: {$ne: id}}` on this array of strings (FerretDB matches `$ne`
     * through an array of documents, `recent._id`, when any element differs).
     */
    moveIds: { type: [String], default: [] },
  },
  {
    versionKey: false,
    timestamps: { createdAt: false, updatedAt: true },
    collection: 'stock_items',
  },
);
export const StockItemModel = mongoose.model('StockItem', stockItemSchema);

export interface StockItemDoc {
  _id: string;
  onHand: number;
  reserved: number;
  available: number;
  lowStockAt: number;
  lowStockNotified: boolean;
  recent?: RecentMove[];
  moveIds?: string[];
}

/** A ledger line on the count it changed (no productId: the count is the product). */
export type RecentMove = Omit<StockMoveDoc, 'productId' | '_id'> & { _id: string };

/** The stock ledger: one line per change of a count, never changed afterwards. */
const stockMoveSchema = new Schema(
  { ...moveFields, productId: { type: String, required: true } },
  { versionKey: false, collection: 'stock_moves' },
);
// A product's ledger, newest first.
stockMoveSchema.index({ productId: 1, at: -1, _id: -1 });
export const StockMoveModel = mongoose.model('StockMove', stockMoveSchema);

export interface StockMoveDoc {
  /** A string for lines since moves were made once each; an ObjectId on older ones. */
  _id: string | Types.ObjectId;
  productId: string;
  kind: (typeof STOCK_MOVE_KINDS)[number];
  change: number;
  reservedChange: number;
  reason: string;
  orderId: Types.ObjectId | null;
  by: string;
  at: Date;
}

/**
 * "Notify me": an address waiting for a product to be back. One per (product, email), a unique
 * index; deleted when its mail is taken for sending, so it is mailed once.
 */
const stockWishSchema = new Schema(
  {
    productId: { type: String, required: true },
    email: { type: String, required: true },
  },
  {
    versionKey: false,
    timestamps: { createdAt: true, updatedAt: false },
    collection: 'stock_wishes',
  },
);
stockWishSchema.index({ productId: 1, email: 1 }, { unique: true });
export const StockWishModel = mongoose.model('StockWish', stockWishSchema);
