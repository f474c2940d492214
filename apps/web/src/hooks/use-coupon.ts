import type { CouponCheckResponse } from '@vanya/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState, useSyncExternalStore } from 'react';

import { api, isApiError } from '../lib/api-client';
import { getCartCoupon, setCartCoupon, subscribeToCart, type CartLine } from '../lib/cart-store';

// POST /coupons/check: the cart and the checkout apply a coupon with it. Shared by both features,
// so it lives outside them. The applied code is kept in the cart store; the discount is always the
// server's figure for the cart as it is now.

export const COUPON_CHECK_FAILED = 'We could not check this coupon. Please try again.';
const ENTER_CODE = 'Enter a coupon code';

/**
 * Checked by hand rather than with the contracts' zod schema, which would load zod with the cart
 * page; an answer of another shape is an error.
 */
function readAnswer(data: unknown): CouponCheckResponse {
  const answer = (data ?? {}) as Partial<Record<keyof CouponCheckResponse, unknown>>;
  const coupon = (answer.coupon ?? {}) as Record<string, unknown>;
  const totals = (answer.totals ?? {}) as Record<string, unknown>;
  const valid =
    typeof coupon.code === 'string' &&
    (coupon.kind === 'percent' || coupon.kind === 'flat') &&
    Number.isSafeInteger(totals.couponDiscount) &&
    Number.isSafeInteger(totals.grandTotal) &&
    Array.isArray(answer.lines);
  if (!valid) throw new Error('POST /coupons/check answered in an unexpected shape');
  return data as CouponCheckResponse;
}

export async function checkCoupon(
  code: string,
  items: readonly CartLine[],
  deliveryState?: string,
): Promise<CouponCheckResponse> {
  const { data } = await api.post<unknown>('/coupons/check', {
    code,
    items: items.map(({ productId, quantity }) => ({ productId, quantity })),
    ...(deliveryState ? { deliveryState } : {}),
  });
  return readAnswer(data);
}

function checkOptions(code: string, items: readonly CartLine[], deliveryState?: string) {
  return {
    queryKey: [
      'coupon-check',
      code,
      items.map((l) => `${l.productId}x${l.quantity}`).join(','),
      deliveryState ?? '',
    ],
    queryFn: () => checkCoupon(code, items, deliveryState),
    // A refusal is an answer (expired, minimum not met), not a hiccup to retry.
    retry: false,
    staleTime: 60_000,
  } as const;
}

/** Why a code does not apply, in the server's words ('This coupon has been used up.'). */
export function couponErrorMessage(error: unknown): string {
  if (isApiError(error) && error.fromServer) {
    // A malformed code: the field's own rule ('A coupon code is 4 to 20 letters and digits').
    const issue = error.issues.find((i) => i.path[0] === 'code');
    return issue?.message ?? error.message;
  }
  return COUPON_CHECK_FAILED;
}

/** The order was refused because of its coupon (used up meanwhile, paused, ...). */
export function isCouponRefusal(error: unknown): boolean {
  return isApiError(error) && error.fromServer && error.code.startsWith('COUPON_');
}

export type CouponState = ReturnType<typeof useCoupon>;

/**
 * The coupon of the cart `lines` (products the catalogue knows) for `deliveryState` (none yet on
 * the cart page): the applied code, the discount the server priced for exactly these lines (null
 * while it is being checked or when it no longer applies), and why not.
 */
export function useCoupon(lines: readonly CartLine[], deliveryState?: string) {
  const code = useSyncExternalStore(subscribeToCart, getCartCoupon, () => null);
  const client = useQueryClient();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);
  const check = useQuery({
    ...checkOptions(code ?? '', lines, deliveryState),
    enabled: Boolean(code) && lines.length > 0,
  });

  const apply = useCallback(
    async (typed: string): Promise<boolean> => {
      const next = typed.trim().toUpperCase();
      if (!next) {
        setRefusal(ENTER_CODE);
        return false;
      }
      setApplying(true);
      setRefusal(null);
      try {
        await client.fetchQuery(checkOptions(next, lines, deliveryState));
        setCartCoupon(next);
        return true;
      } catch (error) {
        setRefusal(couponErrorMessage(error));
        return false;
      } finally {
        setApplying(false);
      }
    },
    [client, deliveryState, lines],
  );

  const remove = useCallback(() => {
    setCartCoupon(null);
    setRefusal(null);
  }, []);

  /**
   * An order refused for its coupon: the coupon is dropped, so the shopper can pay without it, and
   * the reason shown by the field. Answers the reason, or null for any other error.
   */
  const refusedByOrder = useCallback((error: unknown): string | null => {
    if (!isCouponRefusal(error)) return null;
    const reason = couponErrorMessage(error);
    setCartCoupon(null);
    setRefusal(reason);
    return reason;
  }, []);

  const answer = code && check.isSuccess ? check.data : null;
  return {
    code,
    /** The applied coupon and its discount in paise, once the server has priced it. */
    applied: answer ? { code: answer.coupon.code, discount: answer.totals.couponDiscount } : null,
    checking: Boolean(code) && check.isFetching,
    error: code ? (check.isError ? couponErrorMessage(check.error) : null) : refusal,
    applying,
    apply,
    remove,
    refusedByOrder,
  };
}
