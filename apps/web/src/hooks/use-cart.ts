import { SHOP_MESSAGES } from '@vanya/contracts';
import { useCallback, useMemo, useRef, useSyncExternalStore } from 'react';

import { useToast } from '../components/ui/toast';
import {
  addToCart,
  clearCart,
  getCartLines,
  removeFromCart,
  setCartQuantity,
  subscribeToCart,
  type CartLine,
} from '../lib/cart-store';

const noLines = (): readonly CartLine[] => [];

/** The cart's lines, re-rendering on every change (also sign-in, sign-out and other tabs). */
export function useCartLines(): readonly CartLine[] {
  return useSyncExternalStore(subscribeToCart, getCartLines, noLines);
}

export type CartActions = {
  /** Adds units and says so: 'Item added to cart', or 'Item quantity updated in cart'. */
  add: (productId: string, quantity?: number) => void;
  /** Sets a line's quantity; 0 or less removes it ('Item removed from cart'). */
  setQuantity: (productId: string, quantity: number) => void;
  remove: (productId: string) => void;
  clear: () => void;
};

/** Cart changes with the shop's toasts. */
export function useCartActions(): CartActions {
  const toast = useToast();
  // Quantity changes come in quick bursts (a stepper, typing); one notice stands for the burst.
  const quantityToast = useRef<string | null>(null);

  const sayQuantityUpdated = useCallback(() => {
    if (quantityToast.current) toast.dismiss(quantityToast.current);
    quantityToast.current = toast.success(SHOP_MESSAGES.quantityUpdated);
  }, [toast]);

  const add = useCallback(
    (productId: string, quantity = 1) => {
      const change = addToCart(productId, quantity);
      if (change === 'added') toast.success(SHOP_MESSAGES.itemAdded);
      else if (change === 'updated') sayQuantityUpdated();
      else toast.info(MAX_QUANTITY_NOTICE);
    },
    [toast, sayQuantityUpdated],
  );

  const setQuantity = useCallback(
    (productId: string, quantity: number) => {
      const change = setCartQuantity(productId, quantity);
      if (change === 'removed') toast.success(SHOP_MESSAGES.itemRemoved);
      else if (change === 'updated') sayQuantityUpdated();
    },
    [toast, sayQuantityUpdated],
  );

  const remove = useCallback(
    (productId: string) => {
      if (removeFromCart(productId) === 'removed') toast.success(SHOP_MESSAGES.itemRemoved);
    },
    [toast],
  );

  return useMemo(
    () => ({ add, setQuantity, remove, clear: clearCart }),
    [add, setQuantity, remove],
  );
}

export const MAX_QUANTITY_NOTICE =
  'You already have the most we can send of this product in one order.';
