import { useEffect, useRef, useState } from 'react';

import { useCatalogue } from '../../../hooks/use-catalogue';
import { useAuthToken } from '../../../hooks/use-session';
import {
  clearGuestWishlist,
  getGuestWishlist,
  setServerWishlist,
  setWishlistSaver,
} from '../../../lib/wishlist-store';
import { useWishlistQuery } from '../api/get-wishlist';
import { createWishlistSaver, saveWishlist } from '../api/save-wishlist';

/**
 * Keeps a signed-in user's wishlist in step with the server: loads it once per session, merges the
 * guest list (hearts clicked before signing in) into it with one save, and saves every change in
 * order. Renders nothing; the app shell mounts it while someone is signed in.
 */
export function WishlistSync() {
  const token = useAuthToken();
  const { data, error } = useWishlistQuery(token);
  // The saver lives as long as the component; it leaves out ids the catalogue of the moment lacks.
  const catalogue = useCatalogue();
  const known = useRef(catalogue);
  useEffect(() => {
    known.current = catalogue;
  }, [catalogue]);
  const [save] = useState(() => createWishlistSaver((ids) => saveWishlist(ids, known.current)));

  useEffect(() => {
    setWishlistSaver(save);
    return () => setWishlistSaver(null);
  }, [save]);

  useEffect(() => {
    if (!token || !data) return;
    const guest = getGuestWishlist();
    const merged = [...new Set([...data, ...guest])];
    setServerWishlist(token, merged);
    if (merged.length !== data.length) save(merged);
    if (guest.length > 0) clearGuestWishlist();
  }, [token, data, save]);

  useEffect(() => {
    if (error) console.error('Could not load the wishlist.', error);
  }, [error]);

  return null;
}
