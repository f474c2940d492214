import { brand, LIMITS } from '@vanya/catalog';

import { getToken, getUser, subscribe as subscribeToSession } from './auth-storage';

// The cart lives in the browser: a guest's in
// session storage under the guest key, a signed-in user's in local storage under the user's own
// key. When a session appears, the guest cart merges into the user's, so the accounts screens need
// not know about the cart. Shared by every feature that adds to the cart, hence here and not in a
// feature folder.

export type CartLine = { productId: string; quantity: number };

/** What adding or changing a line did, so the caller can say so ('Item added to cart' ...). */
export type CartChange = 'added' | 'updated' | 'removed' | 'unchanged';

/** Lenient on read: a line that is not { productId, quantity >= 1 } is dropped, the rest kept. */
function isStoredLine(value: unknown): value is CartLine {
  if (typeof value !== 'object' || value === null) return false;
  const { productId, quantity } = value as Partial<CartLine>;
  return (
    typeof productId === 'string' &&
    productId !== '' &&
    typeof quantity === 'number' &&
    Number.isSafeInteger(quantity) &&
    quantity >= 1
  );
}

type Listener = () => void;
type StorageKind = 'session' | 'local';

const listeners = new Set<Listener>();
const EMPTY: readonly CartLine[] = Object.freeze([]);

let cachedKey: string | null = null;
let cachedRaw: string | null | undefined;
let cachedLines: readonly CartLine[] = EMPTY;
let sessionUnsubscribe: (() => void) | null = null;

function storageOf(kind: StorageKind): Storage | null {
  try {
    if (typeof window === 'undefined') return null;
    return kind === 'session' ? window.sessionStorage : window.localStorage;
  } catch {
    // Storage switched off: the cart then lasts as long as the page (see memoryStore).
    return null;
  }
}

// Fallback when the browser refuses storage, so adding to the cart still works on this page.
const memoryStore = new Map<string, string>();

function readRaw(kind: StorageKind, key: string): string | null {
  try {
    const store = storageOf(kind);
    return store ? store.getItem(key) : (memoryStore.get(`${kind}:${key}`) ?? null);
  } catch {
    return memoryStore.get(`${kind}:${key}`) ?? null;
  }
}

function writeRaw(kind: StorageKind, key: string, value: string | null): void {
  try {
    const store = storageOf(kind);
    if (store) {
      if (value === null) store.removeItem(key);
      else store.setItem(key, value);
      return;
    }
  } catch {
    // Quota exceeded or privacy mode: keep it in memory instead.
  }
  if (value === null) memoryStore.delete(`${kind}:${key}`);
  else memoryStore.set(`${kind}:${key}`, value);
}

export function parseCartLines(raw: string | null): CartLine[] {
  if (!raw) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  const lines: CartLine[] = [];
  for (const item of data) {
    if (!isStoredLine(item)) continue;
    const existing = lines.find((line) => line.productId === item.productId);
    if (existing) existing.quantity = clampQuantity(existing.quantity + item.quantity);
    else lines.push({ productId: item.productId, quantity: clampQuantity(item.quantity) });
  }
  return lines;
}

/** The server refuses more than LIMITS.maxLineQuantity units of one product in one order. */
function clampQuantity(quantity: number): number {
  return Math.min(LIMITS.maxLineQuantity, quantity);
}

/** The signed-in user's identity for the storage key, or null for a guest. */
function userIdentity(): string | null {
  if (!getToken()) return null;
  const user = getUser();
  const id = user?.id ?? user?._id ?? user?.email?.trim().toLowerCase();
  return id ? id : null;
}

export function userCartKey(identity: string): string {
  return `${brand.storageKeys.userCartPrefix}${identity}`;
}

type Location = { kind: StorageKind; key: string };

function currentLocation(): Location {
  const identity = userIdentity();
  return identity
    ? { kind: 'local', key: userCartKey(identity) }
    : { kind: 'session', key: brand.storageKeys.guestCart };
}

function save(location: Location, lines: readonly CartLine[]): void {
  writeRaw(location.kind, location.key, lines.length > 0 ? JSON.stringify(lines) : null);
}

/**
 * Moves a guest cart into the signed-in user's cart: quantities of the same product add up (to the
 * per-product limit), and the guest cart is emptied so it cannot merge twice.
 */
function mergeGuestCart(): void {
  const identity = userIdentity();
  if (!identity) return;
  const guest = parseCartLines(readRaw('session', brand.storageKeys.guestCart));
  if (guest.length === 0) return;
  const target: Location = { kind: 'local', key: userCartKey(identity) };
  const merged = parseCartLines(readRaw(target.kind, target.key));
  for (const line of guest) {
    const existing = merged.find((item) => item.productId === line.productId);
    if (existing) existing.quantity = clampQuantity(existing.quantity + line.quantity);
    else merged.push({ ...line });
  }
  save(target, merged);
  writeRaw('session', brand.storageKeys.guestCart, null);
}

function notify(): void {
  for (const listener of [...listeners]) listener();
}

/** The cart's lines; the same array until the cart changes (for useSyncExternalStore). */
export function getCartLines(): readonly CartLine[] {
  mergeGuestCart();
  const location = currentLocation();
  const cacheKey = `${location.kind}:${location.key}`;
  const raw = readRaw(location.kind, location.key);
  if (cacheKey === cachedKey && raw === cachedRaw) return cachedLines;
  cachedKey = cacheKey;
  cachedRaw = raw;
  const lines = parseCartLines(raw);
  cachedLines = lines.length > 0 ? Object.freeze(lines) : EMPTY;
  return cachedLines;
}

function update(change: (lines: CartLine[]) => CartChange): CartChange {
  const lines = getCartLines().map((line) => ({ ...line }));
  const result = change(lines);
  if (result !== 'unchanged') {
    save(
      currentLocation(),
      lines.filter((line) => line.quantity > 0),
    );
    notify();
  }
  return result;
}

/** Adds `quantity` units; a product already in the cart has its quantity increased. */
export function addToCart(productId: string, quantity = 1): CartChange {
  if (!Number.isSafeInteger(quantity) || quantity < 1) return 'unchanged';
  return update((lines) => {
    const existing = lines.find((line) => line.productId === productId);
    if (!existing) {
      lines.push({ productId, quantity: clampQuantity(quantity) });
      return 'added';
    }
    const next = clampQuantity(existing.quantity + quantity);
    if (next === existing.quantity) return 'unchanged';
    existing.quantity = next;
    return 'updated';
  });
}

/** Sets a line's quantity; 0 or less removes the line. */
export function setCartQuantity(productId: string, quantity: number): CartChange {
  if (!Number.isFinite(quantity)) return 'unchanged';
  return update((lines) => {
    const index = lines.findIndex((line) => line.productId === productId);
    const existing = lines[index];
    if (!existing) return 'unchanged';
    if (quantity <= 0) {
      lines.splice(index, 1);
      return 'removed';
    }
    const next = clampQuantity(Math.floor(quantity));
    if (next === existing.quantity) return 'unchanged';
    existing.quantity = next;
    return 'updated';
  });
}

export function removeFromCart(productId: string): CartChange {
  return setCartQuantity(productId, 0);
}

// The coupon the shopper applied, kept until they remove it or the order is placed (clearCart).
// In this tab's session storage, whoever is signed in: it follows the shopper from the cart to
// the checkout, and the server checks it again there and prices it when the order is placed.
const COUPON_KEY = 'vanya_cart_coupon';

export function clearCart(): void {
  save(currentLocation(), []);
  writeRaw('session', COUPON_KEY, null);
  notify();
}

/** The applied coupon code, or null. */
export function getCartCoupon(): string | null {
  return readRaw('session', COUPON_KEY);
}

/** Remembers an applied code (upper-cased), or forgets it with null. */
export function setCartCoupon(code: string | null): void {
  const next = code ? code.trim().toUpperCase() : null;
  if (next === getCartCoupon()) return;
  writeRaw('session', COUPON_KEY, next || null);
  notify();
}

/** Total number of units, for the navbar badge. */
export function cartQuantity(lines: readonly CartLine[]): number {
  return lines.reduce((total, line) => total + line.quantity, 0);
}

function onStorageEvent(event: StorageEvent): void {
  // Another tab changed this user's cart (session storage is per tab, so only user carts sync).
  if (event.key === null || event.key.startsWith(brand.storageKeys.userCartPrefix)) notify();
}

/** Calls `listener` whenever the cart may have changed: edits, sign-in and sign-out, other tabs. */
export function subscribeToCart(listener: Listener): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    // Signing in switches to the user's cart (merging the guest's); signing out to the guest's.
    sessionUnsubscribe = subscribeToSession(notify);
    if (typeof window !== 'undefined') window.addEventListener('storage', onStorageEvent);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      sessionUnsubscribe?.();
      sessionUnsubscribe = null;
      if (typeof window !== 'undefined') window.removeEventListener('storage', onStorageEvent);
    }
  };
}
