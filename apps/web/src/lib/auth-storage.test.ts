import { brand } from '@vanya/catalog';
import { describe, expect, it, vi } from 'vitest';

import { clearSession, getToken, getUser, setSession, setUser, subscribe } from './auth-storage';

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
});
