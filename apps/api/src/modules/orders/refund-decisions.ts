import { formatINR } from '@vanya/catalog';
import { canMove, ORDER_MOVES } from '@vanya/contracts';
import type { OrderStatus } from '@vanya/contracts';
import type { Types } from 'mongoose';
import { forEachOldestFirst } from '../../platform/db/page';
import { AppError, conflict } from '../../platform/errors/app-error';
import type { MailMessage } from '../mail/mailer';
import { orderStatusMail } from './order-mail';
import type { OrderDoc } from './order.model';
import { RefundModel } from './refund.model';
import type { ManualRefund, RefundDoc } from './refund.model';
import { orderRefundKey, record, refundable, returnRefundKey } from './refund-records';
import type { RefundsContext } from './refund-records';
import { settle } from './refund-settling';

/**
 * The owner or the shopper moves a paid order to cancelled or refunded: everything left of its
 * payment goes back. The decision is recorded first and settled at once; a step that fails
 * (the provider away) is left to the owner's retry or the reconciliation job. Answers the
 * refund, settled as far as it went.
 */
export async function refundOrder(
  ctx: RefundsContext,
  order: OrderDoc,
  to: 'cancelled' | 'refunded',
  by: RefundDoc['by'],
  note?: string,
  manual: ManualRefund | null = null,
): Promise<RefundDoc> {
  const from = order.status as OrderStatus;
  if (!canMove(ORDER_MOVES, from, to))
    throw conflict(`An order that is ${from} cannot become ${to}.`, 'ORDER_MOVE_NOT_ALLOWED');
  const amount = await refundable(order, orderRefundKey(order._id));
  const decided = await record({
    _id: orderRefundKey(order._id),
    orderId: order._id,
    returnId: null,
    paymentId: order.paymentId ?? `cod:${order.orderNumber}`,
    amount,
    reason: `order ${to}`,
    by,
    move: { to, from: [from] },
    note: note ?? null,
    manual,
    mail: {
      to: order.email,
      ...orderStatusMail(order, to, {
        refunded: amount,
        ...(manual ? { refundedBy: manual } : {}),
      }),
    },
  });
  try {
    const settled = await settle(ctx, decided);
    if (!settled)
      throw conflict('The order was changed meanwhile. Please reload it.', 'ORDER_CHANGED');
    return settled;
  } catch (err) {
    if (err instanceof AppError && err.status === 409) throw err;
    ctx.logger.error(
      { err, orderNumber: order.orderNumber },
      'refund pending: reconciliation finishes it',
    );
    return (await RefundModel.findById(decided._id).lean<RefundDoc>()) ?? decided;
  }
}

/**
 * The owner refunds a return: `amount` of the payment (never more than is left), decided once,
 * then settled like any refund. The mail is the caller's, built now for whoever sends it.
 */
export async function refundReturn(
  ctx: RefundsContext,
  ret: { _id: Types.ObjectId; orderId: Types.ObjectId; orderNumber: string },
  order: OrderDoc,
  amount: number,
  mail: (amount: number) => Promise<MailMessage | null>,
  note?: string,
  manual: ManualRefund | null = null,
): Promise<RefundDoc | null> {
  const key = returnRefundKey(ret._id);
  const existing = await RefundModel.findById(key).lean<RefundDoc>();
  if (existing) return settle(ctx, existing);
  const left = await refundable(order, key);
  if (amount > left)
    throw conflict(
      `Only ${formatINR(left)} of this order's payment is left to refund.`,
      'REFUND_TOO_LARGE',
      { refundable: left },
    );
  const decided = await record({
    _id: key,
    orderId: order._id,
    returnId: ret._id,
    paymentId: order.paymentId ?? `cod:${order.orderNumber}`,
    amount,
    reason: `return of order ${ret.orderNumber}`,
    by: 'owner',
    move: null,
    note: note ?? null,
    manual,
    mail: await mail(amount),
  });
  return settle(ctx, decided);
}

/** Settles every refund still pending, oldest first, however many. */
export async function settlePending(ctx: RefundsContext): Promise<number> {
  let settled = 0;
  await forEachOldestFirst<RefundDoc>(RefundModel, { state: 'pending' }, async (refund) => {
    try {
      const done = await settle(ctx, refund);
      if (done?.state === 'done') settled += 1;
    } catch (err) {
      ctx.logger.warn({ err, refund: refund._id }, 'reconciliation: refund still pending');
    }
  });
  return settled;
}
