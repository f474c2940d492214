import { brand } from '@vanya/catalog';
import type { User } from '@vanya/contracts';

// The only module that reads or writes the session keys (one token key, one
// user key, one auth module). Everything else asks here and subscribes for sign-in and sign-out.

const TOKEN_KEY = brand.storageKeys.token;
const USER_KEY = brand.storageKeys.user;
/** Whether the user had logged in before their current session. */
const HAS_LOGGED_IN_BEFORE_KEY = brand.storageKeys.hasLoggedInBefore;

/** What the login answer tells us about the user; the API may send more fields, which are kept. */
export type SessionUser = {
  id?: string;
  _id?: string;
  name?: string;
  email?: string;
  avatar?: string | null;
  /** The account's mobile number ('' when it has none). */
  phone?: string;
  /** Whether that number was proved by a texted code: cash on delivery needs it. */
  phoneVerified?: boolean;
  hasLoggedInBefore?: boolean;
  [field: string]: unknown;
};

const optional = (value: unknown, type: 'string' | 'boolean') =>
  value === undefined || typeof value === type;

/** The stored user if it has that shape (anything else counts as no user). */
function asSessionUser(value: unknown): SessionUser | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const user = value as Record<string, unknown>;
  const shaped =
    optional(user.id, 'string') &&
    optional(user._id, 'string') &&
    optional(user.name, 'string') &&
    optional(user.email, 'string') &&
    (user.avatar === null || optional(user.avatar, 'string')) &&
    optional(user.phone, 'string') &&
    optional(user.phoneVerified, 'boolean') &&
    optional(user.hasLoggedInBefore, 'boolean');
  return shaped ? (user as SessionUser) : null;
}

/**
 * What the browser keeps of a user from the API: what the screens outside the account need (the
 * greeting, the avatar, the checkout's contact details and whether cash on delivery may be
 * offered), not their addresses, orders or login history.
 */
export function sessionUserFrom(
  user: Pick<User, 'name' | 'email' | 'avatar' | 'phone' | 'phoneVerified' | 'hasLoggedInBefore'>,
): SessionUser {
  return {
    name: user.name,
    email: user.email,
    avatar: user.avatar,
    phone: user.phone,
    phoneVerified: user.phoneVerified,
    hasLoggedInBefore: user.hasLoggedInBefore,
  };
}

type Listener = () => void;

const listeners = new Set<Listener>();
let cachedUserRaw: string | null = null;
let cachedUser: SessionUser | null = null;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be switched off (privacy settings); the shop then behaves as signed out.
    return null;
  }
}

function read(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    const store = storage();
    if (value === null) store?.removeItem(key);
    else store?.setItem(key, value);
  } catch {
    // Quota or privacy errors: the session then lasts only as long as this page.
  }
}

function notify(): void {
  for (const listener of [...listeners]) listener();
}

function onStorageEvent(event: StorageEvent): void {
  // Another tab signed in or out (event.key is null when that tab cleared all storage).
  if (event.key === null || event.key === TOKEN_KEY || event.key === USER_KEY) notify();
}

export function getToken(): string | null {
  const token = read(TOKEN_KEY);
  return token ? token : null;
}

/** The stored user, or null when absent or unreadable. Returns the same object until it changes. */
export function getUser(): SessionUser | null {
  const raw = read(USER_KEY);
  if (raw === cachedUserRaw) return cachedUser;
  cachedUserRaw = raw;
  cachedUser = null;
  if (raw) {
    try {
      cachedUser = asSessionUser(JSON.parse(raw));
    } catch {
      // Not JSON: treat as no user rather than failing every screen that reads it.
    }
  }
  return cachedUser;
}

export function setSession(token: string, user: SessionUser): void {
  lastLogout = false;
  write(TOKEN_KEY, token);
  write(USER_KEY, JSON.stringify(user));
  if (typeof user.hasLoggedInBefore === 'boolean') {
    write(HAS_LOGGED_IN_BEFORE_KEY, String(user.hasLoggedInBefore));
  }
  notify();
}

/** Replaces the token and keeps the user (a password change issues a new token). */
export function setToken(token: string): void {
  write(TOKEN_KEY, token);
  notify();
}

/** What the last login said: true when the user had logged in before it. */
export function getHasLoggedInBefore(): boolean {
  return read(HAS_LOGGED_IN_BEFORE_KEY) === 'true';
}

/** Replaces the stored user (after a profile update) and keeps the token. */
export function setUser(user: SessionUser): void {
  write(USER_KEY, JSON.stringify(user));
  notify();
}

/**
 * Brings the stored user in step with the account as the API answers it (the profile read again,
 * a change saved); tells the subscribers only when something changed.
 */
export function syncSessionUser(user: User): void {
  if (!getToken()) return;
  const next = sessionUserFrom(user);
  if (JSON.stringify(getUser()) !== JSON.stringify(next)) setUser(next);
}

export function clearSession(): void {
  write(TOKEN_KEY, null);
  write(USER_KEY, null);
  write(HAS_LOGGED_IN_BEFORE_KEY, null);
  notify();
}

/** Every key the shop writes starts with this ('vanya_token', 'vanya_cart_guest' ...). */
const SHOP_KEY_PREFIX = `${brand.shortName.toLowerCase()}_`;

/**
 * Logging out from the profile clears what the shop keeps in this browser's local storage:
 * the session, carts, the wishlist. The cookie-consent
 * choice is not the shop's data about the shopper and stays, so the banner does not ask again.
 */
export function clearLocalData(): void {
  try {
    const store = storage();
    if (store) {
      const keys = Array.from({ length: store.length }, (_, index) => store.key(index));
      for (const key of keys) {
        if (key?.startsWith(SHOP_KEY_PREFIX)) store.removeItem(key);
      }
    }
  } catch {
    // Storage switched off: nothing was stored.
  }
  notify();
}

let lastLogout = false;

/** The shopper logs out (profile settings): everything the shop keeps here is cleared. */
export function logOut(): void {
  lastLogout = true;
  clearLocalData();
}

/** Whether the last session ended by the shopper logging out (not by expiry or inactivity). */
export function endedByLogout(): boolean {
  return lastLogout;
}

// ---------------------------------------------------------------------------------------------
// Ending a session from outside a screen: the API client on a 401, the inactivity timer.

export type SessionEndReason = 'expired' | 'inactive';
type SessionEndListener = (reason: SessionEndReason) => void;
const sessionEndListeners = new Set<SessionEndListener>();

/**
 * Clears the session (or, with `clearAll`, all local data) and tells the listeners why: the app
 * shell shows the toast and goes to the login page. Does nothing when no one is signed in, so two
 * failing requests end it only once.
 */
export function endSession(
  reason: SessionEndReason,
  { clearAll = false }: { clearAll?: boolean } = {},
): void {
  if (!getToken()) return;
  lastLogout = false;
  if (clearAll) clearLocalData();
  else clearSession();
  for (const listener of [...sessionEndListeners]) listener(reason);
}

export function onSessionEnd(listener: SessionEndListener): () => void {
  sessionEndListeners.add(listener);
  return () => {
    sessionEndListeners.delete(listener);
  };
}

/** Calls `listener` after every sign-in, sign-out or user change, in this tab or another one. */
export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  if (listeners.size === 1 && typeof window !== 'undefined') {
    window.addEventListener('storage', onStorageEvent);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== 'undefined') {
      window.removeEventListener('storage', onStorageEvent);
    }
  };
}
