import type { OrderStatus } from '@vanya/contracts';

/**
 * The moves an order may make. A prepaid order goes `pending_payment -> paid -> packed -> shipped
 * -> delivered`; `payment_failed` may still become paid (the shopper tries again). A cash-on-delivery
 * order goes `pending_confirmation -> confirmed` (its SMS code) and then the same road, paid at the
 * door. `cancelled` is possible until the parcel leaves (refunded when it was paid); a parcel refused
 * at the door ends `rto` (returned to origin); `refunded` ends an order whose money went back whole.
 * Everything else is refused.
 */
export const ORDER_MOVES: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending_payment: ['paid', 'payment_failed', 'cancelled'],
  payment_failed: ['paid', 'cancelled'],
  paid: ['packed', 'cancelled', 'refunded'],
  pending_confirmation: ['confirmed', 'cancelled'],
  confirmed: ['packed', 'cancelled'],
  packed: ['shipped', 'cancelled', 'refunded'],
  shipped: ['delivered', 'refunded', 'rto'],
  delivered: ['refunded'],
  rto: ['refunded'],
  cancelled: [],
  refunded: [],
};

/** States in which a shopper may cancel: nothing has been packed yet. */
export const CANCELLABLE: readonly OrderStatus[] = [
  'pending_payment',
  'payment_failed',
  'paid',
  'pending_confirmation',
  'confirmed',
];

/**
 * The owner's "to dispatch": paid prepaid orders and confirmed cash-on-delivery ones to pack, and
 * packed ones waiting for the courier.
 */
export const TO_DISPATCH: readonly OrderStatus[] = ['paid', 'confirmed', 'packed'];

/** States in which the order still waits for its money. */
export const AWAITING_PAYMENT: readonly OrderStatus[] = ['pending_payment', 'payment_failed'];

export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_MOVES[from].includes(to);
}
