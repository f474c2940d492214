import { brand } from '@vanya/catalog';
import { canMove, ORDER_MOVES } from '@vanya/contracts';
import type { OrderActor, OrderStatus } from '@vanya/contracts';
import { trusted } from 'mongoose';
import { doOnce } from '../../platform/db/once';
import { withDbRetry } from '../../platform/db/retry';
import { AppError } from '../../platform/errors/app-error';
import { recordPaymentEvent } from '../payments/payment-event.model';
import { ReturnModel } from '../returns/return.model';
import { orderText, SentMails } from './order-lifecycle';
import { RefundModel } from './refund.model';
import type { RefundDoc } from './refund.model';
import { REFUNDABLE_RETURN, refundable, setRefund } from './refund-records';
import type { RefundsContext } from './refund-records';

const MAIL_DOMAIN = brand.supportEmail.split('@')[1];

/**
 * The move that goes with the refund, if it has one: done by this refund when the order (or
 * return) is still where it was, or already done. Answers false when someone else moved it
 * elsewhere first: the refund is then void and its record removed.
 */
async function applyMove(
  ctx: Pick<RefundsContext, 'lifecycle'>,
  refund: RefundDoc,
): Promise<boolean> {
  const { lifecycle } = ctx;
  const returnId = refund.returnId;
  if (returnId) {
    const set: Record<string, unknown> = {
      status: 'refunded',
      openKey: `closed:${String(returnId)}`,
      refundAmount: refund.amount,
      ...(refund.note ? { note: refund.note } : {}),
    };
    const moved = await withDbRetry(() =>
      ReturnModel.findOneAndUpdate(
        { _id: returnId, status: trusted({ $in: [...REFUNDABLE_RETURN] }) },
        { $set: set },
        { returnDocument: 'after' },
      ).lean(),
    );
    if (moved) return true;
    const ret = await ReturnModel.findById(returnId, { status: 1 }).lean<{ status: string }>();
    return ret?.status === 'refunded';
  }
  if (!refund.move) return true;
  const order = await lifecycle.read(refund.orderId);
  if (!order) return false;
  if (order.status === refund.move.to) return true;
  if (!refund.move.from.includes(order.status as OrderStatus)) return false;
  try {
    await lifecycle.move(
      order,
      refund.move.to,
      refund.by === 'reconcile' ? 'system' : (refund.by as OrderActor),
      {
        ...(refund.note ? { note: refund.note } : {}),
      },
    );
    return true;
  } catch (err) {
    if (err instanceof AppError && err.status === 409) return applyMove(ctx, refund);
    throw err;
  }
}

/** Every step of the refund not done yet, in order; answers it settled, or null when void. */
export async function settle(ctx: RefundsContext, refund: RefundDoc): Promise<RefundDoc | null> {
  const { provider, lifecycle, mailer, logger, staleAfterMs, now } = ctx;
  let current = refund;
  if (current.state === 'done') return current;
  if (!current.providerRefundId && !(await applyMove(ctx, current))) {
    await RefundModel.deleteOne({ _id: current._id, providerRefundId: null });
    return null;
  }
  let order = (await lifecycle.read(current.orderId))!;
  if (!current.providerRefundId) {
    const manual = current.manual;
    const made = manual
      ? { id: `${manual.method}:${manual.reference}`, amount: current.amount }
      : await provider.refund(current.paymentId, {
          amount: current.amount,
          idempotencyKey: current._id,
          notes: { orderNumber: order.orderNumber, reason: current.reason },
        });
    await recordPaymentEvent(order._id, 'refund', current.by, {
      paymentId: made.id,
      amount: made.amount,
      note: manual
        ? `${current.reason} (sent by ${manual.method === 'upi' ? 'UPI' : 'bank transfer'}, reference ${manual.reference})`
        : `${current.reason} (payment ${current.paymentId})`,
    });
    logger.info(
      { orderNumber: order.orderNumber, refundId: made.id, amount: made.amount, by: current.by },
      'refund made',
    );
    current = (await setRefund(current._id, { providerRefundId: made.id })) ?? current;
  }
  if (!current.creditNoteNumber) {
    // An order cancelled before its invoice was numbered is invoiced first: the note credits it.
    order = await lifecycle.number(order);
    const note = await lifecycle.creditNote(order, {
      key: current._id,
      amount: current.amount,
      reason: current.reason,
    });
    current = (await setRefund(current._id, { creditNoteNumber: note.number })) ?? current;
  }
  const returnId = current.returnId;
  if (returnId)
    await withDbRetry(() =>
      ReturnModel.updateOne(
        { _id: returnId },
        { $set: { refundedAmount: current.amount, creditNoteNumber: current.creditNoteNumber } },
      ),
    );
  if (current.mail) {
    const mail = current.mail;
    // Sent again only when its sender died after the mail server took it: then the same
    // Message-ID lets the shopper's mailbox show it once.
    const sent = await doOnce(SentMails, `refund:${current._id}`, { staleAfterMs, now }, () =>
      mailer.send({ ...mail, messageId: `<refund.${current._id}@${MAIL_DOMAIN}>` }),
    );
    if (sent !== 'done') return current;
    await lifecycle.text(
      order,
      `refund:${current._id}`,
      orderText(order, 'refunded', { refunded: current.amount }),
    );
  }
  // A return that gave back everything paid refunds the order itself.
  if (
    current.returnId &&
    (await refundable(order)) === 0 &&
    canMove(ORDER_MOVES, order.status as OrderStatus, 'refunded')
  ) {
    try {
      await lifecycle.move(order, 'refunded', 'owner', { note: 'Returned and refunded' });
    } catch (err) {
      logger.warn({ err, orderNumber: order.orderNumber }, 'order not marked refunded');
    }
  }
  return (await setRefund(current._id, { state: 'done' })) ?? current;
}
