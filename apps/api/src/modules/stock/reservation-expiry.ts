import { trusted } from 'mongoose';
import { forEachOldestFirst } from '../../platform/db/page';
import { AppError } from '../../platform/errors/app-error';
import type { OrderLifecycle } from '../orders/order-lifecycle';
import { AWAITING_PAYMENT } from '../orders/order-states';
import { OrderModel } from '../orders/order.model';
import type { OrderDoc } from '../orders/order.model';

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
    async cancelExpired(): Promise<number> {
      let cancelled = 0;
      const cutoff = new Date(now() - deps.minutes * MINUTE);
      await forEachOldestFirst<OrderDoc>(
        OrderModel,
        { status: trusted({ $in: [...AWAITING_PAYMENT] }), createdAt: trusted({ $lte: cutoff }) },
        async (order) => {
          // A payment of the wrong amount waits for the owner's decision, not for the clock.
          if (order.paymentHold) return;
          try {
            await deps.lifecycle.move(order, 'cancelled', 'system', {
              note: `Not paid within ${deps.minutes} minutes`,
            });
            cancelled += 1;
          } catch (err) {
            // Paid or cancelled meanwhile: nothing to do.
            if (!(err instanceof AppError && err.status === 409)) throw err;
          }
        },
      );
      return cancelled;
    },
  };
}
