import { brand, LIMITS } from '@vanya/catalog';
import { describe, expect, it, vi } from 'vitest';

import { clearSession, setSession } from './auth-storage';
import {
  addToCart,
  cartQuantity,
  clearCart,
  getCartLines,
  parseCartLines,
  removeFromCart,
  setCartQuantity,
  subscribeToCart,
  userCartKey,
} from './cart-store';

const GUEST_KEY = brand.storageKeys.guestCart;
const stored = (storage: Storage, key: string) => JSON.parse(storage.getItem(key) ?? 'null');

describe('cart store', () => {
  it('keeps a guest cart in session storage under the guest key', () => {
    expect(addToCart('Bodybutter', 2)).toBe('added');
    expect(stored(window.sessionStorage, GUEST_KEY)).toEqual([
      { productId: 'Bodybutter', quantity: 2 },
    ]);
    expect(window.localStorage.length).toBe(0);
  });

  it('increases the quantity of a product already in the cart', () => {
    addToCart('Bodybutter', 1);
    expect(addToCart('Bodybutter', 2)).toBe('updated');
    expect(getCartLines()).toEqual([{ productId: 'Bodybutter', quantity: 3 }]);
  });

  it('removes a line whose quantity is set to 0 or less', () => {
    addToCart('Bodybutter', 1);
    addToCart('TanGoneSoap', 1);
    expect(setCartQuantity('Bodybutter', 0)).toBe('removed');
    expect(setCartQuantity('TanGoneSoap', -3)).toBe('removed');
    expect(getCartLines()).toEqual([]);
  });

  it('stops at the most one order may hold of a product', () => {
    addToCart('Bodybutter', LIMITS.maxLineQuantity);
    expect(addToCart('Bodybutter', 1)).toBe('unchanged');
    setCartQuantity('Bodybutter', 99);
    expect(getCartLines()[0]?.quantity).toBe(LIMITS.maxLineQuantity);
  });

  it('counts units for the badge, empties on Clear Cart and removes single lines', () => {
    addToCart('Bodybutter', 2);
    addToCart('TanGoneSoap', 3);
    expect(cartQuantity(getCartLines())).toBe(5);
    removeFromCart('Bodybutter');
    expect(getCartLines()).toEqual([{ productId: 'TanGoneSoap', quantity: 3 }]);
    clearCart();
    expect(getCartLines()).toEqual([]);
    expect(window.sessionStorage.getItem(GUEST_KEY)).toBeNull();
  });

  it('keeps a signed-in user’s cart in local storage under the user’s key', () => {
    setSession('token-1', { name: 'Asha', email: 'Asha@Example.com' });
    addToCart('ScrubClub', 1);
    expect(stored(window.localStorage, userCartKey('asha@example.com'))).toEqual([
      { productId: 'ScrubClub', quantity: 1 },
    ]);
    expect(userCartKey('asha@example.com')).toBe(
      `${brand.storageKeys.userCartPrefix}asha@example.com`,
    );
    expect(window.sessionStorage.getItem(GUEST_KEY)).toBeNull();
  });

  it('merges the guest cart into the user’s cart when a session appears, once', () => {
    window.localStorage.setItem(
      userCartKey('asha@example.com'),
      JSON.stringify([{ productId: 'Bodybutter', quantity: 1 }]),
    );
    addToCart('Bodybutter', 2);
    addToCart('Hamper', 1);
    const listener = vi.fn();
    const unsubscribe = subscribeToCart(listener);

    setSession('token-1', { name: 'Asha', email: 'asha@example.com' });

    expect(listener).toHaveBeenCalled();
    expect(getCartLines()).toEqual([
      { productId: 'Bodybutter', quantity: 3 },
      { productId: 'Hamper', quantity: 1 },
    ]);
    expect(window.sessionStorage.getItem(GUEST_KEY)).toBeNull();
    // Reading again does not merge again.
    expect(cartQuantity(getCartLines())).toBe(4);
    unsubscribe();
  });

  it('shows the guest cart again after signing out, and the user’s cart after signing back in', () => {
    setSession('token-1', { name: 'Asha', email: 'asha@example.com' });
    addToCart('Bodybutter', 1);
    clearSession();
    expect(getCartLines()).toEqual([]);
    setSession('token-2', { name: 'Asha', email: 'asha@example.com' });
    expect(getCartLines()).toEqual([{ productId: 'Bodybutter', quantity: 1 }]);
  });

  it('reads damaged storage leniently: bad lines are dropped, repeated ones merged', () => {
    expect(parseCartLines('{not json')).toEqual([]);
    expect(parseCartLines('{"productId":"x"}')).toEqual([]);
    expect(
      parseCartLines(
        JSON.stringify([
          { productId: 'Bodybutter', quantity: 1 },
          { productId: 'Bodybutter', quantity: 2 },
          { productId: 'TanGoneSoap', quantity: 0 },
          { productId: '', quantity: 1 },
          { quantity: 4 },
          'text',
        ]),
      ),
    ).toEqual([{ productId: 'Bodybutter', quantity: 3 }]);
  });

  it('returns the same lines until the cart changes (for React’s external stores)', () => {
    addToCart('Bodybutter', 1);
    const first = getCartLines();
    expect(getCartLines()).toBe(first);
    addToCart('Bodybutter', 1);
    expect(getCartLines()).not.toBe(first);
  });
});
