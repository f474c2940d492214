import { brand } from '@vanya/catalog';

import { getToken, subscribe as subscribeToSession } from './auth-storage';

// The wishlist: a set of product ids. A guest's lives in local storage; a
// signed-in user's lives on the server and is mirrored here by the wishlist feature's sync, which
// also merges the guest list into it at sign-in. Components toggle through this module only, so
// they work the same either way. Kept outside the feature folders because the catalogue, the cart
// suggestions and the wishlist page all toggle it.

export type WishlistStatus = 'guest' | 'loading' | 'ready';

export type WishlistSnapshot = {
  ids: readonly string[];
  /** 'loading' while a signed-in user's list is being fetched; 'guest' when signed out. */
  status: WishlistStatus;
};

type Listener = () => void;
type Saver = (ids: readonly string[]) => void;

const GUEST_KEY = brand.storageKeys.wishlist;
const listeners = new Set<Listener>();

/** The signed-in user's list, for the token it was loaded with. */
let server: { token: string; ids: readonly string[] } | null = null;
let saver: Saver | null = null;
let cachedGuestRaw: string | null | undefined;
let cachedGuestIds: readonly string[] = [];
let snapshot: WishlistSnapshot = { ids: [], status: 'guest' };
let sessionUnsubscribe: (() => void) | null = null;

function readGuestRaw(): string | null {
  try {
    return window.localStorage.getItem(GUEST_KEY);
  } catch {
    return null;
  }
}

function writeGuest(ids: readonly string[]): void {
  try {
    if (ids.length === 0) window.localStorage.removeItem(GUEST_KEY);
    else window.localStorage.setItem(GUEST_KEY, JSON.stringify(ids));
  } catch {
    // Storage refused: the guest wishlist then lasts only as long as the page.
  }
}

export function parseWishlist(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const data: unknown = JSON.parse(raw);
    if (!Array.isArray(data)) return [];
    return [...new Set(data.filter((id): id is string => typeof id === 'string' && id !== ''))];
  } catch {
    return [];
  }
}

/** The guest's list (also the buffer of toggles made while a user's list is still loading). */
export function getGuestWishlist(): readonly string[] {
  const raw = readGuestRaw();
  if (raw !== cachedGuestRaw) {
    cachedGuestRaw = raw;
    cachedGuestIds = parseWishlist(raw);
  }
  return cachedGuestIds;
}

export function clearGuestWishlist(): void {
  writeGuest([]);
}

function compute(): WishlistSnapshot {
  const token = getToken();
  // Signed out: the previous user's list leaves memory.
  if (!token) server = null;
  const status: WishlistStatus = !token ? 'guest' : server?.token === token ? 'ready' : 'loading';
  const ids = status === 'ready' && server ? server.ids : getGuestWishlist();
  if (ids !== snapshot.ids || status !== snapshot.status) snapshot = { ids, status };
  return snapshot;
}

function notify(): void {
  for (const listener of [...listeners]) listener();
}

export function getWishlist(): WishlistSnapshot {
  return compute();
}

export function isWishlisted(id: string): boolean {
  return compute().ids.includes(id);
}

function setIds(next: readonly string[]): void {
  const { status } = compute();
  if (status === 'ready' && server) {
    server = { token: server.token, ids: next };
    saver?.(next);
  } else {
    // Guests, and users whose list has not arrived yet: kept locally and merged in at load.
    writeGuest(next);
  }
  notify();
}

/** Adds the id if absent, removes it if present; answers whether it is wishlisted now. */
export function toggleWishlist(id: string): boolean {
  const { ids } = compute();
  const present = ids.includes(id);
  setIds(present ? ids.filter((item) => item !== id) : [...ids, id]);
  return !present;
}

export function removeFromWishlist(id: string): void {
  const { ids } = compute();
  if (ids.includes(id)) setIds(ids.filter((item) => item !== id));
}

export function clearWishlist(): void {
  setIds([]);
}

/**
 * The sync's entry points: the list the server holds for the session of `token` (after any merge),
 * and how to save a changed list.
 */
export function setServerWishlist(token: string, ids: readonly string[]): void {
  server = { token, ids };
  notify();
}

export function setWishlistSaver(next: Saver | null): void {
  saver = next;
}

function onStorageEvent(event: StorageEvent): void {
  if (event.key === null || event.key === GUEST_KEY) notify();
}

export function subscribeToWishlist(listener: Listener): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    // A new session shows as 'loading' until the sync has fetched that session's list.
    sessionUnsubscribe = subscribeToSession(notify);
    window.addEventListener('storage', onStorageEvent);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      sessionUnsubscribe?.();
      sessionUnsubscribe = null;
      window.removeEventListener('storage', onStorageEvent);
    }
  };
}
