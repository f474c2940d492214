import { brand, formatINR } from '@vanya/catalog';
import type { PreOrderSettings } from '@vanya/catalog';
import {
  AWAITING_PAYMENT,
  BEFORE_DISPATCH,
  canMove,
  INVOICED,
  ORDER_MOVES,
} from '@vanya/contracts';
import type { CourierScan, OrderActor, OrderStatus } from '@vanya/contracts';
import { trusted } from 'mongoose';
import type { Types } from 'mongoose';
import { doOnce, stepCollection } from '../../platform/db/once';
import { withDbRetry } from '../../platform/db/retry';
import { forEachOldestFirst } from '../../platform/db/page';
import { AppError, conflict, notFound } from '../../platform/errors/app-error';
import type { Logger } from '../../platform/logger';
import { issueCreditNote } from '../invoices/credit-notes';
import { INVOICES, issueNumber } from '../invoices/invoice-number';
import { renderInvoicePdf } from '../invoices/invoice-pdf';
import type { SellerDetails } from '../invoices/invoice-pdf';
import type { Mailer } from '../mail/mailer';
import type { SmsTransport } from '../sms/sms-transport';
import { PaymentEventModel } from '../payments/payment-event.model';
import { orderConfirmationMail, orderStatusMail } from './order-mail';
import type { NotifiedMove } from './order-mail';
import { insertNewOrder, OrderModel } from './order.model';
import type { NewOrder, OrderDoc, ReservationState } from './order.model';

/** A payment as the provider reports it (verify, webhook or reconciliation). */
export interface ReportedPayment {
  id: string;
  /** In paise. */
  amount: number;
  status: string;
}

/**
 * What became of a reported payment: it paid the order; it is held for the owner (its amount is not
 * the order's); it is unwanted (the order was already paid by another payment, or cancelled before
 * it was paid) and must go back; or it is not captured (yet).
 */
export type CaptureOutcome = 'paid' | 'held' | 'unwanted' | 'not_captured';

export interface MoveDetails {
  note?: string;
  carrier?: string;
  trackingNumber?: string;
  trackingUrl?: string;
}

export interface OrderLifecycleDeps {
  logger: Logger;
  mailer: Mailer;
  seller: SellerDetails;
  /** How long a half-done step (a mail under way) may sit before the next caller takes it over. */
  staleAfterMs: number;
  /** Work that outlives a request (the invoice PDF and the confirmation mail). */
  runInBackground: (task: () => Promise<unknown>) => void;
  /** Told once an order is paid or confirmed and its confirmation mailed (the owners' notice). */
  onConfirmed?: (order: OrderDoc) => void;
  /** Gives back the coupon use of an order that will never be paid (cancelled unpaid). */
  coupons?: { giveBack(orderId: Types.ObjectId): Promise<void> };
  /** Moves the units an order reserved: sold when paid or confirmed, back when it is not sent. */
  stock?: ReservedStock;
  /** Texts the shopper's phone on shipped, out for delivery and delivered. */
  sms?: SmsTransport;
  /** The owner's pre-order notice as it is now, for the confirmation mail (the default without). */
  preOrder?: () => Promise<PreOrderSettings>;
  now?: () => number;
}

type Units = readonly { productId: string; quantity: number }[];
type OrderRef = { _id: Types.ObjectId; orderNumber: string };

/** What the lifecycle asks of stock (modules/stock) once it has turned an order's reservation. */
export interface ReservedStock {
  sell(units: Units, order: OrderRef): Promise<void>;
  release(units: Units, order: OrderRef, reason: string, by: OrderActor): Promise<void>;
  restock(units: Units, order: OrderRef, reason: string, by: OrderActor): Promise<void>;
  /** Makes what a dead process left unmade of a turn's moves. */
  finishTurn(units: Units, order: { _id: Types.ObjectId }, to: 'sold' | 'released'): Promise<void>;
}

/** An order in one of these has been paid or confirmed: its units are sold. */
const SOLD: readonly OrderStatus[] = ['paid', 'confirmed', 'packed', 'shipped', 'delivered'];

const isCod = (order: OrderDoc) => order.paymentMethod === 'cod';

/** Mails sent once, keyed by what they are for (`order-confirmation:<order>`). */
export const SentMails = stepCollection('sent_mails');
/** Text messages sent once, keyed by what they are for (`order-text:<order>:shipped`). */
export const SentTexts = stepCollection('sent_texts');

/** The moves and scans the shopper gets a text message about. */
export type TextedNews = 'confirmed' | 'shipped' | 'out_for_delivery' | 'delivered' | 'refunded';

/** The text message of a move or a scan: short, with the tracking link when it ships. */
export function orderText(
  order: OrderDoc,
  news: TextedNews,
  details: MoveDetails & { refunded?: number } = {},
): string {
  const codDue = order.paymentMethod === 'cod' && order.codStatus === 'due';
  const texts: Record<TextedNews, string> = {
    confirmed: `${brand.name}: your order ${order.orderNumber} is confirmed${codDue ? `; please pay ${formatINR(order.totals.grandTotal)} on delivery` : ''}. We will text you when it ships.`,
    refunded: `${brand.name}: we have refunded ${formatINR(details.refunded ?? 0)} on your order ${order.orderNumber}.`,
    shipped: `${brand.name}: your order ${order.orderNumber} has shipped${details.carrier ? ` with ${details.carrier}` : ''}.${details.trackingUrl ? ` Track it at ${details.trackingUrl}` : ''}`,
    out_for_delivery: `${brand.name}: your order ${order.orderNumber} is out for delivery today.${codDue ? ` Please keep ${formatINR(order.totals.grandTotal)} ready.` : ''}`,
    delivered: `${brand.name}: your order ${order.orderNumber} was delivered. Thank you for shopping with us.`,
  };
  return texts[news];
}

/** The timeline entry of a move. */
export function eventOf(to: OrderStatus, at: Date, by: OrderActor, details: MoveDetails) {
  return {
    status: to,
    at,
    by,
    ...(details.note ? { note: details.note } : {}),
    ...(details.carrier ? { carrier: details.carrier } : {}),
    ...(details.trackingNumber ? { trackingNumber: details.trackingNumber } : {}),
    ...(details.trackingUrl ? { trackingUrl: details.trackingUrl } : {}),
  };
}

/**
 * The one home of an order's life: the only code that writes an order after it is placed.
 * Payments report what the provider says, the owner and the shopper ask for moves; this module
 * decides, records the timeline, numbers the invoice (through invoices) and sends the
 * confirmation (through mail). Every move is one status-guarded `findOneAndUpdate` that sets the
 * new state and pushes its timeline event in the same write, so exactly one of many concurrent
 * callers wins it; every step after a captured payment is finished by whoever comes next.
 */
export function createOrderLifecycle(deps: OrderLifecycleDeps) {
  const { logger, mailer, seller, staleAfterMs } = deps;
  const now = deps.now ?? Date.now;

  const read = (id: Types.ObjectId | string) =>
    withDbRetry(() => OrderModel.findById(id).lean<OrderDoc>());

  /** Moves the order from one of `from` to `to` in one guarded write; null when it was not there. */
  const guardedMove = (
    id: Types.ObjectId,
    from: readonly OrderStatus[],
    to: OrderStatus,
    by: OrderActor,
    details: MoveDetails,
    fields: Record<string, unknown> = {},
  ) => {
    const at = new Date(now());
    return withDbRetry(() =>
      OrderModel.findOneAndUpdate(
        { _id: id, status: trusted({ $in: [...from] }) },
        { $set: { status: to, ...fields }, $push: { events: eventOf(to, at, by, details) } },
        { returnDocument: 'after' },
      ).lean<OrderDoc>(),
    );
  };

  async function setFields(order: OrderDoc, fields: Record<string, unknown>): Promise<OrderDoc> {
    const updated = await withDbRetry(() =>
      OrderModel.findOneAndUpdate(
        { _id: order._id },
        { $set: fields },
        { returnDocument: 'after' },
      ).lean<OrderDoc>(),
    );
    return updated ?? order;
  }

  /**
   * Turns the order's reservation from one of `from` to `to` in one guarded update and then moves
   * its units, so of every caller (a retried webhook, the owner, a job) exactly one moves them.
   * Held units are sold or released; sold units are restocked. The turn marks itself unsettled
   * until its units have moved, so a process dying in between leaves the ledger job a note of
   * what to finish (settleReservations). Answers whether it turned.
   */
  async function turnReservation(
    order: OrderDoc,
    from: readonly ReservationState[],
    to: Exclude<ReservationState, 'held'>,
    reason: string,
    by: OrderActor,
  ): Promise<boolean> {
    const stock = deps.stock;
    if (!stock || !order.reservation) return false;
    const before = await withDbRetry(() =>
      OrderModel.findOneAndUpdate(
        { _id: order._id, 'reservation.state': trusted({ $in: [...from] }) },
        { $set: { 'reservation.state': to }, $push: { 'reservation.unsettled': to } },
        { returnDocument: 'before' },
      ).lean<OrderDoc>(),
    );
    const reservation = before?.reservation;
    if (!reservation) return false;
    if (to === 'sold') await stock.sell(reservation.items, order);
    else if (reservation.state === 'held')
      await stock.release(reservation.items, order, reason, by);
    else await stock.restock(reservation.items, order, reason, by);
    await settled(order._id, to);
    return true;
  }

  const settled = (id: Types.ObjectId, to: ReservationState) =>
    withDbRetry(() =>
      OrderModel.updateOne({ _id: id }, { $pull: { 'reservation.unsettled': to } }),
    );

  /**
   * The invoice number of a paid order, or of a cash-on-delivery order once shipped: bound to it
   * when taken, so every caller gets the same.
   */
  async function number(order: OrderDoc): Promise<OrderDoc> {
    if (order.invoiceNumber) return order;
    const invoiced = isCod(order)
      ? INVOICED.cod.includes(order.status as OrderStatus)
      : Boolean(order.paymentId);
    if (!invoiced) return order;
    const issued = await issueNumber(INVOICES, String(order._id), () => new Date(now()));
    return setFields(order, { invoiceNumber: issued.number, invoiceDate: issued.date });
  }

  /**
   * The confirmation mail, once (sent_mails), then recorded on the order: with the invoice PDF for
   * a paid order; for a confirmed cash-on-delivery order without one (it is issued at shipping).
   */
  async function mailConfirmation(order: OrderDoc): Promise<OrderDoc> {
    if (order.confirmationMailedAt) return order;
    const invoiceNumber = order.invoiceNumber;
    if (!invoiceNumber && !isCod(order)) return order;
    const result = await doOnce(
      SentMails,
      `order-confirmation:${String(order._id)}`,
      { staleAfterMs, now },
      async () => {
        const attachments = invoiceNumber
          ? [
              {
                filename: `Invoice-${invoiceNumber.replaceAll('/', '-')}.pdf`,
                content: await renderInvoicePdf(order, seller),
                contentType: 'application/pdf',
              },
            ]
          : [];
        const preOrder = await deps.preOrder?.();
        await mailer.send({
          to: order.email,
          ...orderConfirmationMail(order, preOrder),
          messageId: `<order-confirmation.${String(order._id)}@${brand.supportEmail.split('@')[1]}>`,
          attachments,
        });
      },
    );
    return result === 'done' ? setFields(order, { confirmationMailedAt: new Date(now()) }) : order;
  }

  /**
   * What follows a move, done before answering (and idempotent, so whoever comes next may redo
   * it): a cash-on-delivery order is invoiced when it ships and credited in full when its parcel
   * comes back refused; an order cancelled before it was paid gives its coupon use back.
   */
  async function afterMove(order: OrderDoc, from: OrderStatus, by: OrderActor): Promise<OrderDoc> {
    const to = order.status as OrderStatus;
    if (to === 'cancelled' && !order.paymentId && order.coupon)
      await deps.coupons?.giveBack(order._id);
    // Stock: confirmed sells the held units; a cancel or refund before dispatch (the units are
    // still on our shelf) and a parcel refused at the door put them back.
    if (to === 'confirmed') await turnReservation(order, ['held'], 'sold', 'Confirmed', by);
    if ((to === 'cancelled' || to === 'refunded') && BEFORE_DISPATCH.includes(from))
      await turnReservation(order, ['held', 'sold'], 'released', `Order ${to}`, by);
    if (to === 'rto') await turnReservation(order, ['sold'], 'released', 'Refused at the door', by);
    if (!isCod(order)) return order;
    if (to === 'shipped') return number(order);
    if (to === 'rto' && from === 'shipped') {
      const numbered = await number(order);
      await issueCreditNote(
        numbered,
        {
          key: `rto-${String(order._id)}`,
          amount: numbered.totals.grandTotal,
          reason: 'parcel refused (returned to origin)',
        },
        () => new Date(now()),
      );
      return numbered;
    }
    return order;
  }

  const lifecycle = {
    /** Stores a new order (its timeline opened by the shopper). */
    place: (order: NewOrder) => withDbRetry(() => insertNewOrder(order, new Date(now()))),

    read,
    number,

    /** The order, or 404 ORDER_NOT_FOUND. */
    async load(id: Types.ObjectId | string): Promise<OrderDoc> {
      const order = await read(id);
      if (!order) throw notFound('Order not found.', 'ORDER_NOT_FOUND');
      return order;
    },

    /**
     * The ledger job's pass over orders: every reservation turned at least `staleMs` ago whose
     * units did not all move (the process died in between) has them moved now, once each.
     */
    async settleReservations(staleMs: number): Promise<number> {
      const stock = deps.stock;
      if (!stock) return 0;
      let finished = 0;
      await forEachOldestFirst<OrderDoc>(
        OrderModel,
        {
          'reservation.unsettled': trusted({ $in: ['sold', 'released'] }),
          updatedAt: trusted({ $lte: new Date(now() - staleMs) }),
        },
        async (order) => {
          for (const to of order.reservation?.unsettled ?? []) {
            if (to === 'held') continue;
            await stock.finishTurn(order.reservation!.items, order, to);
            await settled(order._id, to);
          }
          finished += 1;
        },
      );
      return finished;
    },

    /** A return the owner marks fit to sell: its order's sold units go back on the shelf, once. */
    restockReturn: (order: OrderDoc) =>
      turnReservation(order, ['sold'], 'released', 'Returned, fit to sell', 'owner'),

    /** Links the provider's order to ours, once: a second, racing provider order is left unused. */
    async attachProviderOrder(order: OrderDoc, providerOrderId: string): Promise<OrderDoc> {
      const linked = await withDbRetry(() =>
        OrderModel.findOneAndUpdate(
          { _id: order._id, providerOrderId: null },
          { $set: { providerOrderId } },
          { returnDocument: 'after' },
        ).lean<OrderDoc>(),
      );
      return linked ?? (await read(order._id)) ?? order;
    },

    /**
     * A captured payment reported for the order. The amount must be the order's grandTotal, else
     * the payment is held for the owner and the order stays unpaid. The first matching capture
     * pays the order (and numbers its invoice before answering); any other is unwanted. The PDF
     * and the confirmation mail follow in the background.
     */
    async recordCapture(
      order: OrderDoc,
      payment: ReportedPayment,
    ): Promise<{ outcome: CaptureOutcome; order: OrderDoc }> {
      if (payment.status !== 'captured') return { outcome: 'not_captured', order };
      const matches =
        payment.amount === order.totals.grandTotal && order.paymentHold?.paymentId !== payment.id;
      // The same payment reported again (the webhook after verify, or verify after the webhook):
      // the order as read says it is paid, so only what is left undone is done.
      const repeated = matches && order.paymentId === payment.id;
      // A payment once held stays held, whoever reports it next (a signed webhook's amount and
      // the provider's own record may differ): the hold is on the order and in the ledger.
      const held =
        !matches ||
        (!repeated &&
          (await PaymentEventModel.exists({ _id: `amount_mismatch:${payment.id}` })) !== null);
      if (held) {
        logger.error(
          { orderNumber: order.orderNumber, paymentId: payment.id, paid: payment.amount },
          'payment held: its amount is not the order total',
        );
        const flagged =
          order.paymentHold?.paymentId === payment.id
            ? order
            : await setFields(order, {
                paymentHold: { paymentId: payment.id, amount: payment.amount, at: new Date(now()) },
              });
        return { outcome: 'held', order: flagged };
      }
      const moved = repeated
        ? null
        : await guardedMove(
            order._id,
            AWAITING_PAYMENT,
            'paid',
            'system',
            {},
            { paymentId: payment.id, paidAt: new Date(now()), failureReason: null },
          );
      const current = repeated ? order : (moved ?? (await read(order._id)) ?? order);
      if (current.paymentId !== payment.id) return { outcome: 'unwanted', order: current };
      // Units once sold or released are never held again: only a held reservation is turned.
      if (current.reservation?.state === 'held')
        await turnReservation(current, ['held'], 'sold', 'Paid', 'system');
      if (moved)
        logger.info({ orderNumber: current.orderNumber, paymentId: payment.id }, 'order paid');
      const numbered = await number(current);
      lifecycle.finishInBackground(numbered);
      return { outcome: 'paid', order: numbered };
    },

    /** A failed payment attempt: an order still waiting for payment shows it; nothing else moves. */
    async recordFailure(
      order: OrderDoc,
      failure: { paymentId: string; reason: string },
    ): Promise<OrderDoc> {
      const moved = await guardedMove(
        order._id,
        ['pending_payment'],
        'payment_failed',
        'system',
        {},
        { failureReason: failure.reason },
      );
      return moved ?? (await read(order._id)) ?? order;
    },

    /**
     * A move asked for by the owner or the shopper: only an allowed one, and only if nobody moved
     * the order away from the state read here (else 409 with the order as it is now).
     */
    async move(
      order: OrderDoc,
      to: OrderStatus,
      by: OrderActor,
      details: MoveDetails = {},
    ): Promise<OrderDoc> {
      const current = (await read(order._id)) ?? order;
      const from = current.status as OrderStatus;
      if (!canMove(ORDER_MOVES, from, to))
        throw conflict(`An order that is ${from} cannot become ${to}.`, 'ORDER_MOVE_NOT_ALLOWED');
      const at = new Date(now());
      const fields: Record<string, unknown> =
        to === 'delivered'
          ? {
              deliveredAt: at,
              // The courier collected the money at the door.
              ...(isCod(current) ? { codStatus: 'collected', paidAt: at } : {}),
            }
          : {};
      const moved = await guardedMove(current._id, [from], to, by, details, fields);
      if (!moved)
        throw conflict('The order was changed meanwhile. Please reload it.', 'ORDER_CHANGED');
      return afterMove(moved, from, by);
    },

    /**
     * Cancels, as the shop and oldest first, every order the filter finds overdue (unpaid, or
     * unconfirmed on delivery), but those `keep` spares; one paid or confirmed meanwhile is left as
     * it is. Answers how many were cancelled.
     */
    async cancelOverdue(
      filter: Record<string, unknown>,
      note: string,
      keep: (order: OrderDoc) => boolean = () => false,
    ): Promise<number> {
      let cancelled = 0;
      await forEachOldestFirst<OrderDoc>(OrderModel, filter, async (order) => {
        if (keep(order)) return;
        try {
          await lifecycle.move(order, 'cancelled', 'system', { note });
          cancelled += 1;
        } catch (err) {
          if (!(err instanceof AppError && err.status === 409)) throw err;
        }
      });
      return cancelled;
    },

    /**
     * Finishes a paid order (the invoice number, then the confirmation mail with its PDF) or a
     * confirmed cash-on-delivery one (the confirmation mail).
     */
    async finish(order: OrderDoc): Promise<OrderDoc> {
      const current = (await read(order._id)) ?? order;
      // A sale whose move happened but whose units a crash kept held is finished here.
      if (current.reservation?.state === 'held' && SOLD.includes(current.status as OrderStatus))
        await turnReservation(current, ['held'], 'sold', 'Paid or confirmed', 'system');
      if (isCod(current) && current.status === 'pending_confirmation') return current;
      if (!isCod(current) && !current.paymentId) return current;
      const finished = await mailConfirmation(isCod(current) ? current : await number(current));
      // The confirmation by SMS too, once (a text that fails is logged and not retried).
      if (finished.confirmationMailedAt) {
        await lifecycle.text(finished, 'confirmed', orderText(finished, 'confirmed'));
        deps.onConfirmed?.(finished);
      }
      return finished;
    },

    /** finish() after the answer; a failure is left to whoever comes next (reconciliation). */
    finishInBackground(order: OrderDoc): void {
      if (order.confirmationMailedAt) return;
      deps.runInBackground(async () => {
        try {
          await lifecycle.finish(order);
        } catch (err) {
          logger.error({ err, orderNumber: order.orderNumber }, 'invoice or confirmation pending');
        }
      });
    },

    /**
     * Tells the shopper about a move (shipped with its tracking link, delivered, cancelled,
     * refunded), once per move. Answers false when the mail could not be sent (logged) or is under
     * way elsewhere, so a caller that must see it sent can try again.
     */
    async announce(
      order: OrderDoc,
      move: NotifiedMove,
      details: MoveDetails & { refunded?: number } = {},
    ): Promise<boolean> {
      try {
        const result = await doOnce(
          SentMails,
          `order-notice:${String(order._id)}:${move}`,
          { staleAfterMs, now },
          () =>
            mailer.send({
              to: order.email,
              ...orderStatusMail(order, move, details),
              messageId: `<order-${move}.${String(order._id)}@${brand.supportEmail.split('@')[1]}>`,
            }),
        );
        return result === 'done';
      } catch (err) {
        logger.error({ err, orderNumber: order.orderNumber, move }, 'order notice not sent');
        return false;
      } finally {
        if (move === 'shipped' || move === 'delivered')
          await lifecycle.text(order, move, orderText(order, move, details));
      }
    },

    /**
     * Texts the shopper's phone once per `key` (a move, or a courier scan). Answers false when it
     * could not be sent (logged) or is under way elsewhere.
     */
    async text(order: OrderDoc, key: string, text: string): Promise<boolean> {
      const sms = deps.sms;
      if (!sms) return false;
      try {
        const result = await doOnce(
          SentTexts,
          `order-text:${String(order._id)}:${key}`,
          { staleAfterMs, now },
          // By WhatsApp when the shopper chose it at checkout, through the same gateway.
          () => sms.send(order.phone, text, order.whatsappUpdates ? 'whatsapp' : 'sms'),
        );
        return result === 'done';
      } catch (err) {
        logger.error({ err, orderNumber: order.orderNumber, key }, 'order text not sent');
        return false;
      }
    },

    /**
     * A timeline event without a move (the courier's "out for delivery"), recorded once per scan
     * (`key`) whoever reports it: one guarded write that pushes the event only while no event
     * carries the key and the order is still where it was read. Null when it was recorded before
     * (or the order moved on).
     */
    recordScan(
      order: OrderDoc,
      scan: { kind: CourierScan; key: string },
      details: MoveDetails = {},
    ): Promise<OrderDoc | null> {
      const status = order.status as OrderStatus;
      const event = {
        ...eventOf(status, new Date(now()), 'system', details),
        scan: scan.kind,
        scanKey: scan.key,
      };
      return withDbRetry(() =>
        OrderModel.findOneAndUpdate(
          { _id: order._id, status, 'events.scanKey': trusted({ $ne: scan.key }) },
          { $push: { events: event } },
          { returnDocument: 'after' },
        ).lean<OrderDoc>(),
      );
    },

    /** The GST credit note of a refund made on the order's payment (once per refund key). */
    creditNote: (order: OrderDoc, refund: { key: string; amount: number; reason: string }) =>
      issueCreditNote(order, refund, () => new Date(now())),
  };
  return lifecycle;
}

export type OrderLifecycle = ReturnType<typeof createOrderLifecycle>;
