// The wishlist travels whole: GET answers the list of product ids, POST replaces it. A guest's
// local wishlist merges into the user's by one POST at login.
import type { ProductId } from '@vanya/catalog';
import { z } from 'zod';
import { productIdField } from './fields';
import { WISHLIST_MESSAGES } from './messages';

/**
 * Room for a shop's whole catalogue several times over: a merged guest and user list may repeat
 * ids, which the body folds; anything longer is not a wishlist.
 */
export const WISHLIST_MAX_ENTRIES = 200;

/** Product ids in order of first appearance, each once. */
function foldDuplicates(ids: readonly ProductId[]): ProductId[] {
  return [...new Set(ids)];
}

/** POST /wishlist: the whole wishlist. Repeated ids are folded; the server drops ids it does not sell. */
export const wishlistBodySchema = z
  .array(productIdField)
  .max(WISHLIST_MAX_ENTRIES, WISHLIST_MESSAGES.tooMany)
  .transform(foldDuplicates);

export const wishlistResponseSchema = z.array(productIdField);

export type WishlistBodyInput = z.input<typeof wishlistBodySchema>;
export type WishlistBody = z.output<typeof wishlistBodySchema>;
export type WishlistResponse = z.infer<typeof wishlistResponseSchema>;
