import { brand } from '@vanya/catalog';
import { describe, expect, it, vi } from 'vitest';

import { clearSession, setSession } from './auth-storage';
import {
  clearWishlist,
  getGuestWishlist,
  getWishlist,
  isWishlisted,
  parseWishlist,
  removeFromWishlist,
  setServerWishlist,
  setWishlistSaver,
  toggleWishlist,
} from './wishlist-store';

describe('wishlist store', () => {
  it('keeps a guest’s wishlist in local storage; a toggle adds, then removes', () => {
    expect(toggleWishlist('Bodybutter')).toBe(true);
    expect(isWishlisted('Bodybutter')).toBe(true);
    expect(JSON.parse(window.localStorage.getItem(brand.storageKeys.wishlist) ?? '[]')).toEqual([
      'Bodybutter',
    ]);
    expect(toggleWishlist('Bodybutter')).toBe(false);
    expect(getWishlist()).toEqual({ ids: [], status: 'guest' });
  });

  it('shows a signed-in user’s list as loading until the server’s list arrives', () => {
    setSession('token-1', { name: 'Asha' });
    expect(getWishlist().status).toBe('loading');
    setServerWishlist('token-1', ['Hamper']);
    expect(getWishlist()).toEqual({ ids: ['Hamper'], status: 'ready' });
  });

  it('saves every change of a signed-in user’s list through the saver', () => {
    const save = vi.fn();
    setWishlistSaver(save);
    setSession('token-1', { name: 'Asha' });
    setServerWishlist('token-1', ['Hamper']);

    toggleWishlist('Bodybutter');
    removeFromWishlist('Hamper');
    clearWishlist();

    expect(save.mock.calls).toEqual([[['Hamper', 'Bodybutter']], [['Bodybutter']], [[]]]);
    expect(getGuestWishlist()).toEqual([]);
    setWishlistSaver(null);
  });

  it('keeps hearts clicked while the list loads locally, to be merged in', () => {
    const save = vi.fn();
    setWishlistSaver(save);
    setSession('token-loading', { name: 'Asha' });
    toggleWishlist('TanGoneSoap');
    expect(save).not.toHaveBeenCalled();
    expect(getGuestWishlist()).toEqual(['TanGoneSoap']);
    setWishlistSaver(null);
  });

  it('forgets the server list when the session ends, and needs a new one for a new session', () => {
    setSession('token-1', { name: 'Asha' });
    setServerWishlist('token-1', ['Hamper']);
    clearSession();
    expect(getWishlist()).toEqual({ ids: [], status: 'guest' });
    setSession('token-2', { name: 'Asha' });
    expect(getWishlist().status).toBe('loading');
  });

  it('reads damaged storage as an empty or de-duplicated list', () => {
    expect(parseWishlist('nope')).toEqual([]);
    expect(parseWishlist('{"a":1}')).toEqual([]);
    expect(parseWishlist('["Hamper", 3, "Hamper", ""]')).toEqual(['Hamper']);
  });
});
