import { AWAITING_PAYMENT } from '@vanya/contracts';
import type { OrderStatus } from '@vanya/contracts';
import { trusted } from 'mongoose';
import { forEachOldestFirst } from '../../platform/db/page';
import { OrderModel } from '../orders/order.model';
import type { OrderDoc } from '../orders/order.model';
import { report } from './payment-reports';
import type { PaymentsContext } from './payments-context';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Orders are asked about while this young: a payment for an older one is the owner's to handle. */
const RECONCILE_MAX_AGE_MS = 7 * DAY_MS;
/** Paid orders are checked for a second capture (a lost webhook) while this young. */
const SECOND_CAPTURE_WINDOW_MS = 3 * DAY_MS;
/** Settled orders: a capture reported for one of these that did not pay it is unwanted. */
const SETTLED: OrderStatus[] = [
  'paid',
  'packed',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
  'rto',
];

/**
 * The self-healing pass (every few minutes, see jobs), oldest first and however many there
 * are: asks the provider about orders still waiting for payment (the browser closed, a webhook
 * was lost, the process died) and reports every capture; looks at recently settled orders for
 * captures they did not take (a double charge whose webhook was lost) and refunds them; and
 * finishes every paid order whose invoice or confirmation is still missing.
 */
export async function reconcile(
  ctx: PaymentsContext,
  options: { minAgeMs?: number } = {},
): Promise<{ checked: number; paid: number; refunded: number; finished: number }> {
  const { provider, lifecycle, logger, now } = ctx;
  const counts = { checked: 0, paid: 0, refunded: 0, finished: 0 };
  const at = now();
  const askProvider = async (order: OrderDoc) => {
    if (!order.providerOrderId) return;
    try {
      counts.checked += 1;
      const payments = await provider.fetchOrderPayments(order.providerOrderId);
      let current = order;
      for (const payment of payments) {
        if (payment.status !== 'captured' || payment.id === current.paymentId) continue;
        // A payment held for the owner stays held: reported again, it would only log again.
        if (payment.id === current.paymentHold?.paymentId) continue;
        const result = await report(ctx, current, payment, 'reconcile');
        if (result.outcome === 'paid') counts.paid += 1;
        if (result.outcome === 'unwanted') counts.refunded += 1;
        current = result.order;
      }
    } catch (err) {
      logger.warn({ err, orderNumber: order.orderNumber }, 'reconciliation: order skipped');
    }
  };
  const createdBetween = (maxAgeMs: number, minAgeMs: number) =>
    trusted({ $gte: new Date(at - maxAgeMs), $lte: new Date(at - minAgeMs) });
  await forEachOldestFirst<OrderDoc>(
    OrderModel,
    {
      status: trusted({ $in: [...AWAITING_PAYMENT] }),
      createdAt: createdBetween(RECONCILE_MAX_AGE_MS, options.minAgeMs ?? 60_000),
    },
    askProvider,
  );
  await forEachOldestFirst<OrderDoc>(
    OrderModel,
    {
      status: trusted({ $in: SETTLED }),
      createdAt: createdBetween(SECOND_CAPTURE_WINDOW_MS, 0),
    },
    askProvider,
  );
  await forEachOldestFirst<OrderDoc>(
    OrderModel,
    { confirmationMailedAt: null, paymentId: trusted({ $ne: null }) },
    async (order) => {
      try {
        const done = await lifecycle.finish(order);
        if (done.invoiceNumber && done.confirmationMailedAt) counts.finished += 1;
      } catch (err) {
        logger.warn({ err, orderNumber: order.orderNumber }, 'invoice or confirmation pending');
      }
    },
  );
  return counts;
}
