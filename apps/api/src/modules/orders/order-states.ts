import type { OrderStatus } from '@vanya/contracts';

/**
 * The moves an order may make. `pending_payment -> paid -> packed -> shipped -> delivered` is the
 * usual road; `payment_failed` may still become paid (the shopper tries again); `cancelled` is
 * possible until the parcel leaves (refunded when it was paid); `refunded` ends a paid order whose
 * money went back whole. Everything else is refused.
 */
export const ORDER_MOVES: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending_payment: ['paid', 'payment_failed', 'cancelled'],
  payment_failed: ['paid', 'cancelled'],
  paid: ['packed', 'cancelled', 'refunded'],
  packed: ['shipped', 'cancelled', 'refunded'],
  shipped: ['delivered', 'refunded'],
  delivered: ['refunded'],
  cancelled: [],
  refunded: [],
};

/** States in which the order still waits for its money. */
export const AWAITING_PAYMENT: readonly OrderStatus[] = ['pending_payment', 'payment_failed'];

/** States an order reaches only after its payment was captured. */
export const PAID_STATES: readonly OrderStatus[] = ['paid', 'packed', 'shipped', 'delivered'];

export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_MOVES[from].includes(to);
}
