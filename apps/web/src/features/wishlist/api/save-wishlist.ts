import type { Catalogue } from '@vanya/catalog';
import { wishlistResponseSchema } from '@vanya/contracts';

import { api } from '../../../lib/api-client';

/**
 * POST /wishlist with the whole list. Ids the catalogue no
 * longer has are left out: the server would refuse the whole list for them.
 */
export async function saveWishlist(
  ids: readonly string[],
  catalogue: Catalogue,
): Promise<string[]> {
  const response = await api.post(
    '/wishlist',
    ids.filter((id) => catalogue.get(id) !== undefined),
  );
  return wishlistResponseSchema.parse(response.data);
}

/**
 * Saves one list at a time, in order, and skips lists that a newer one has replaced while a save
 * was on its way: the server always ends with the latest list. Failures are logged only.
 */
export function createWishlistSaver(save: (ids: string[]) => Promise<unknown>) {
  let saving = false;
  let queued: string[] | null = null;

  const run = async () => {
    saving = true;
    while (queued) {
      const ids = queued;
      queued = null;
      try {
        await save(ids);
      } catch (error) {
        console.error('Could not save the wishlist.', error);
      }
    }
    saving = false;
  };

  return (ids: readonly string[]) => {
    queued = [...ids];
    if (!saving) void run();
  };
}
