import { TO_PACK } from '@vanya/contracts';
import type { AdminOrderDetail, AdminOrderStatusBody, OrderAction } from '@vanya/contracts';
import { trusted } from 'mongoose';
import { AppError, badRequest, notFound } from '../../platform/errors/app-error';
import { audit } from '../../platform/audit/audit';
import type { Actor } from '../../platform/audit/audit';
import { assertOffered, liveBooking } from '../orders/order-actions';
import { OrderModel } from '../orders/order.model';
import type { OrderDoc } from '../orders/order.model';
import { RefundModel } from '../orders/refund.model';
import type { RefundDoc } from '../orders/refund.model';
import { orderRefundKey } from '../orders/refunds';
import { detail } from './admin-order-detail';
import type { AdminOrdersContext } from './admin-orders-context';
import { renderPackingSlip, renderPackingSlips } from './packing-slip';

/** The owner's action that makes each move (a refund of cash paid at the door is recorded). */
function actionOfMove(order: OrderDoc, status: AdminOrderStatusBody['status']): OrderAction {
  const moves: Record<AdminOrderStatusBody['status'], OrderAction> = {
    packed: 'pack',
    shipped: 'ship_by_hand',
    delivered: 'mark_delivered',
    rto: 'mark_rto',
    cancelled: 'cancel',
    refunded: order.paymentMethod === 'cod' ? 'record_cod_refund' : 'refund',
  };
  return moves[status];
}

/**
 * The owner moves an order: only the lifecycle's allowed moves (else 409). Cancelling a paid
 * order or refunding one gives the money back (orders/refunds.ts): decided first, then
 * settled; a step the provider could not take now is finished by the owner's retry or by
 * reconciliation. The shopper is told, the audit log keeps it.
 */
export async function move(
  ctx: AdminOrdersContext,
  actor: Actor,
  id: string,
  body: AdminOrderStatusBody,
): Promise<AdminOrderDetail> {
  const { lifecycle, refunds, logger } = ctx;
  const order = await lifecycle.load(id);
  const { status, ...details } = body;
  // The owner's retry of a refund a crash or the provider left half-done finishes it.
  const pending = await RefundModel.findById(orderRefundKey(order._id)).lean<RefundDoc>();
  if (pending?.state === 'pending' && pending.move?.to === status) {
    await refunds
      .settle(pending)
      .catch((err: unknown) =>
        logger.error({ err, orderNumber: order.orderNumber }, 'refund still pending'),
      );
    return detail(ctx, id);
  }
  assertOffered(order, 'owner', actionOfMove(order, status), await liveBooking(order._id));
  let refunded = 0;
  const { refundMethod, refundReference, ...moveDetails } = details;
  const paidAtTheDoor = order.paymentMethod === 'cod' && order.codStatus === 'collected';
  if ((status === 'cancelled' || status === 'refunded') && (order.paymentId || paidAtTheDoor)) {
    // Cash paid at the door has no payment to refund: the owner sends it and says how.
    if (paidAtTheDoor && !(refundMethod && refundReference))
      throw badRequest(
        'Say how you sent the refund (UPI or bank transfer) and its reference.',
        'REFUND_DETAILS_REQUIRED',
      );
    const manual =
      paidAtTheDoor && refundMethod && refundReference
        ? { method: refundMethod, reference: refundReference }
        : null;
    const refund = await refunds.refundOrder(order, status, 'owner', details.note, manual);
    refunded = refund.providerRefundId ? refund.amount : 0;
  } else {
    const moved = await lifecycle.move(order, status, 'owner', moveDetails);
    if (status !== 'packed') await lifecycle.announce(moved, status, moveDetails);
  }
  await audit(actor, `order.${status}`, order.orderNumber, {
    from: order.status,
    ...details,
    ...(refunded ? { refunded } : {}),
  });
  return detail(ctx, id);
}

/** Every order waiting to be packed (paid, or cash on delivery confirmed), oldest first. */
export async function packingSlips(): Promise<Buffer> {
  const toPack = await OrderModel.find({ status: trusted({ $in: [...TO_PACK] }) })
    .sort({ createdAt: 1 })
    .limit(100)
    .lean<OrderDoc[]>();
  if (toPack.length === 0) throw notFound('No order is waiting to be packed.', 'NOTHING_TO_PACK');
  return renderPackingSlips(toPack);
}

/** Marks each order packed as the single move does; one that cannot be says why. */
export async function packMany(
  ctx: AdminOrdersContext,
  actor: Actor,
  ids: string[],
): Promise<{ packed: string[]; refused: { id: string; message: string }[] }> {
  const packed: string[] = [];
  const refused: { id: string; message: string }[] = [];
  for (const id of ids) {
    try {
      const done = await move(ctx, actor, id, { status: 'packed' });
      packed.push(done.order.orderNumber);
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      refused.push({ id, message: err.message });
    }
  }
  return { packed, refused };
}

export async function packingSlip(
  ctx: Pick<AdminOrdersContext, 'lifecycle'>,
  id: string,
): Promise<{ orderNumber: string; pdf: Buffer }> {
  const order = await ctx.lifecycle.load(id);
  return { orderNumber: order.orderNumber, pdf: await renderPackingSlip(order) };
}
