import { trusted } from 'mongoose';
import type { OrderLifecycle } from '../orders/order-lifecycle';
import { AWAITING_PAYMENT } from '@vanya/contracts';

const MINUTE = 60 * 1000;

/**
 * Orders left unpaid hold units other shoppers could buy: after `minutes` the shop cancels them
 * (the lifecycle then releases their units and gives back their coupon use). A payment captured
 * later finds the order cancelled and is refunded, as a double charge is.
 */
export function createReservationExpiry(deps: {
  lifecycle: OrderLifecycle;
  minutes: number;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  return {
    cancelExpired: () =>
      deps.lifecycle.cancelOverdue(
        {
          status: trusted({ $in: [...AWAITING_PAYMENT] }),
          createdAt: trusted({ $lte: new Date(now() - deps.minutes * MINUTE) }),
        },
        `Not paid within ${deps.minutes} minutes`,
        // A payment of the wrong amount waits for the owner's decision, not for the clock.
        (order) => Boolean(order.paymentHold),
      ),
  };
}
