import { brand, formatINR } from '@vanya/catalog';
import { canMove, ORDER_MOVES } from '@vanya/contracts';
import type { OrderActor, OrderStatus, ReturnStatus } from '@vanya/contracts';
import { trusted } from 'mongoose';
import type { Types } from 'mongoose';
import { isDuplicateKey } from '../../platform/db/duplicate-key';
import { doOnce } from '../../platform/db/once';
import { forEachOldestFirst } from '../../platform/db/page';
import { withDbRetry } from '../../platform/db/retry';
import { AppError, conflict } from '../../platform/errors/app-error';
import type { Logger } from '../../platform/logger';
import type { Mailer, MailMessage } from '../mail/mailer';
import { recordPaymentEvent } from '../payments/payment-event.model';
import type { PaymentProvider } from '../payments/payment-provider';
import { ReturnModel } from '../returns/return.model';
import type { OrderLifecycle } from './order-lifecycle';
import { orderText, SentMails } from './order-lifecycle';
import { orderStatusMail } from './order-mail';
import type { OrderDoc } from './order.model';
import { RefundModel } from './refund.model';
import type { ManualRefund, RefundDoc } from './refund.model';

/** A return is refunded from these states. */
export const REFUNDABLE_RETURN: ReturnStatus[] = ['approved', 'received'];

const MAIL_DOMAIN = brand.supportEmail.split('@')[1];

/** What the shopper paid: the provider's capture, or cash collected at the door. */
const paidFor = (order: OrderDoc) => Boolean(order.paymentId) || order.codStatus === 'collected';

export const orderRefundKey = (orderId: Types.ObjectId | string) => `order-refund-${orderId}`;
export const returnRefundKey = (returnId: Types.ObjectId | string) => `return-refund-${returnId}`;

export interface RefundsDeps {
  provider: PaymentProvider;
  lifecycle: OrderLifecycle;
  mailer: Mailer;
  logger: Logger;
  staleAfterMs: number;
  now?: () => number;
}

export function createRefunds(deps: RefundsDeps) {
  const { provider, lifecycle, mailer, logger, staleAfterMs } = deps;
  const now = deps.now ?? Date.now;

  /** What is left of the order's payment: its amount less every refund decided on it. */
  async function refundable(order: OrderDoc, except?: string): Promise<number> {
    if (!paidFor(order)) return 0;
    const refunds = await withDbRetry(() =>
      RefundModel.find({ orderId: order._id }, { amount: 1 }).lean<RefundDoc[]>(),
    );
    const taken = refunds.filter((r) => r._id !== except).reduce((sum, r) => sum + r.amount, 0);
    return Math.max(0, order.totals.grandTotal - taken);
  }

  /** Records a refund decision once; answers the one recorded (a retry's, or a rival's). */
  async function record(
    refund: Omit<RefundDoc, 'state' | 'providerRefundId' | 'creditNoteNumber' | 'createdAt'>,
  ) {
    try {
      const created = await withDbRetry(() => RefundModel.create(refund));
      return created.toObject() as unknown as RefundDoc;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      return (await RefundModel.findById(refund._id).lean<RefundDoc>())!;
    }
  }

  const setRefund = (id: string, fields: Record<string, unknown>) =>
    withDbRetry(() =>
      RefundModel.findOneAndUpdate(
        { _id: id },
        { $set: fields },
        { returnDocument: 'after' },
      ).lean<RefundDoc>(),
    );

  /**
   * The move that goes with the refund, if it has one: done by this refund when the order (or
   * return) is still where it was, or already done. Answers false when someone else moved it
   * elsewhere first: the refund is then void and its record removed.
   */
  async function applyMove(refund: RefundDoc): Promise<boolean> {
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
      if (err instanceof AppError && err.status === 409) return applyMove(refund);
      throw err;
    }
  }

  /** Every step of the refund not done yet, in order; answers it settled, or null when void. */
  async function settle(refund: RefundDoc): Promise<RefundDoc | null> {
    let current = refund;
    if (current.state === 'done') return current;
    if (!current.providerRefundId && !(await applyMove(current))) {
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

  const refunds = {
    settle,

    /**
     * The owner or the shopper moves a paid order to cancelled or refunded: everything left of its
     * payment goes back. The decision is recorded first and settled at once; a step that fails
     * (the provider away) is left to the owner's retry or the reconciliation job. Answers the
     * refund, settled as far as it went.
     */
    async refundOrder(
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
        const settled = await settle(decided);
        if (!settled)
          throw conflict('The order was changed meanwhile. Please reload it.', 'ORDER_CHANGED');
        return settled;
      } catch (err) {
        if (err instanceof AppError && err.status === 409) throw err;
        logger.error(
          { err, orderNumber: order.orderNumber },
          'refund pending: reconciliation finishes it',
        );
        return (await RefundModel.findById(decided._id).lean<RefundDoc>()) ?? decided;
      }
    },

    /**
     * The owner refunds a return: `amount` of the payment (never more than is left), decided once,
     * then settled like any refund. The mail is the caller's, built now for whoever sends it.
     */
    async refundReturn(
      ret: { _id: Types.ObjectId; orderId: Types.ObjectId; orderNumber: string },
      order: OrderDoc,
      amount: number,
      mail: (amount: number) => Promise<MailMessage | null>,
      note?: string,
      manual: ManualRefund | null = null,
    ): Promise<RefundDoc | null> {
      const key = returnRefundKey(ret._id);
      const existing = await RefundModel.findById(key).lean<RefundDoc>();
      if (existing) return settle(existing);
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
      return settle(decided);
    },

    /** Settles every refund still pending, oldest first, however many. */
    async settlePending(): Promise<number> {
      let settled = 0;
      await forEachOldestFirst<RefundDoc>(RefundModel, { state: 'pending' }, async (refund) => {
        try {
          const done = await settle(refund);
          if (done?.state === 'done') settled += 1;
        } catch (err) {
          logger.warn({ err, refund: refund._id }, 'reconciliation: refund still pending');
        }
      });
      return settled;
    },
  };
  return refunds;
}

export type Refunds = ReturnType<typeof createRefunds>;
