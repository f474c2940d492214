import { brand } from '@vanya/catalog';
import { describe, expect, it, vi } from 'vitest';

import {
  clearLocalData,
  clearSession,
  endSession,
  getHasLoggedInBefore,
  getToken,
  getUser,
  onSessionEnd,
  sessionUserFrom,
  setSession,
  setToken,
  setUser,
  subscribe,
  syncSessionUser,
} from './auth-storage';
import { userFixture } from '../testing/user-fixtures';

describe('auth-storage', () => {
  it('stores the token and user under the brand keys and reads them back', () => {
    setSession('tok-1', { name: 'Asha Patil', email: 'asha@example.com', hasLoggedInBefore: true });

    expect(window.localStorage.getItem(brand.storageKeys.token)).toBe('tok-1');
    expect(JSON.parse(window.localStorage.getItem(brand.storageKeys.user) ?? '')).toMatchObject({
      name: 'Asha Patil',
    });
    expect(getToken()).toBe('tok-1');
    expect(getUser()).toEqual({
      name: 'Asha Patil',
      email: 'asha@example.com',
      hasLoggedInBefore: true,
    });
  });

  it('returns the same user object until the stored user changes', () => {
    setSession('tok-1', { name: 'Asha' });
    const first = getUser();
    expect(getUser()).toBe(first);
    setUser({ name: 'Asha Patil' });
    expect(getUser()).not.toBe(first);
    expect(getUser()?.name).toBe('Asha Patil');
    expect(getToken()).toBe('tok-1');
  });

  it('clears both keys on sign-out', () => {
    setSession('tok-1', { name: 'Asha' });
    clearSession();
    expect(getToken()).toBeNull();
    expect(getUser()).toBeNull();
    expect(window.localStorage.getItem(brand.storageKeys.token)).toBeNull();
    expect(window.localStorage.getItem(brand.storageKeys.user)).toBeNull();
  });

  it('treats an unreadable stored user as no user', () => {
    window.localStorage.setItem(brand.storageKeys.user, '{not json');
    expect(getUser()).toBeNull();
    for (const stored of ['[]', '"Asha"', 'null', '{"name":7}', '{"avatar":false}']) {
      window.localStorage.setItem(brand.storageKeys.user, stored);
      expect(getUser(), stored).toBeNull();
    }
    window.localStorage.setItem(
      brand.storageKeys.user,
      '{"name":"Asha","email":"asha@example.in","avatar":null,"tier":"gold"}',
    );
    expect(getUser()).toEqual({
      name: 'Asha',
      email: 'asha@example.in',
      avatar: null,
      tier: 'gold',
    });
  });

  it('tells subscribers about sign-in, sign-out and changes from other tabs, until they unsubscribe', () => {
    const listener = vi.fn();
    const unsubscribe = subscribe(listener);

    setSession('tok-1', { name: 'Asha' });
    clearSession();
    window.dispatchEvent(new StorageEvent('storage', { key: brand.storageKeys.token }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'unrelated' }));
    expect(listener).toHaveBeenCalledTimes(3);

    unsubscribe();
    setSession('tok-2', { name: 'Asha' });
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('keeps what the login said about earlier logins, until sign-out', () => {
    setSession('tok-1', { name: 'Asha', hasLoggedInBefore: true });
    expect(getHasLoggedInBefore()).toBe(true);
    setSession('tok-2', { name: 'Asha', hasLoggedInBefore: false });
    expect(getHasLoggedInBefore()).toBe(false);
    clearSession();
    expect(window.localStorage.getItem(brand.storageKeys.hasLoggedInBefore)).toBeNull();
  });

  it('keeps what the screens outside the account need, the phone and its verification among it', () => {
    const account = userFixture({ phone: '9822045123', phoneVerified: true, avatar: '/a.jpg' });
    expect(sessionUserFrom(account)).toEqual({
      name: 'Asha Patil',
      email: 'asha@example.com',
      avatar: '/a.jpg',
      phone: '9822045123',
      phoneVerified: true,
      hasLoggedInBefore: true,
    });
  });

  it('follows the account when it is read again, telling subscribers only of a change', () => {
    const listener = vi.fn();
    const unsubscribe = subscribe(listener);
    setSession('tok-1', { name: 'Asha Patil', email: 'asha@example.com' });
    const account = userFixture({ phone: '9822045123', phoneVerified: true });
    syncSessionUser(account);
    expect(getUser()).toEqual(sessionUserFrom(account));
    syncSessionUser(account);
    expect(listener).toHaveBeenCalledTimes(2);
    // Signed out meanwhile: a late answer does not bring the user back.
    clearSession();
    syncSessionUser(account);
    expect(getUser()).toBeNull();
    unsubscribe();
  });

  it('replaces the token and keeps the user after a password change', () => {
    setSession('tok-1', { name: 'Asha' });
    setToken('tok-2');
    expect(getToken()).toBe('tok-2');
    expect(getUser()?.name).toBe('Asha');
  });

  it('clears everything the shop keeps, but not the cookie choice', () => {
    setSession('tok-1', { name: 'Asha' });
    window.localStorage.setItem(brand.storageKeys.wishlist, '["Bodybutter"]');
    window.localStorage.setItem(`${brand.storageKeys.userCartPrefix}asha`, '[]');
    window.localStorage.setItem('cookie_consent', 'accepted');
    clearLocalData();
    expect(window.localStorage.length).toBe(1);
    expect(window.localStorage.getItem('cookie_consent')).toBe('accepted');
  });

  it('ends a session once, telling the listeners why', () => {
    const listener = vi.fn();
    const stop = onSessionEnd(listener);
    setSession('tok-1', { name: 'Asha' });
    endSession('inactive');
    endSession('expired');
    stop();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledWith('inactive');
    expect(getToken()).toBeNull();
  });
});
