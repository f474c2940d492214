import { randomBytes } from 'node:crypto';
import { brand } from '@vanya/catalog';
import type { OrderActor, OrderStatus } from '@vanya/contracts';
import type { Types } from 'mongoose';
import { claimAs, readClaim, releaseClaim, setClaimValue } from '../../platform/db/claims';
import { withDbRetry } from '../../platform/db/retry';
import { conflict } from '../../platform/errors/app-error';
import type { Logger } from '../../platform/logger';
import { issueCreditNote } from '../invoices/credit-notes';
import { issueInvoiceNumber } from '../invoices/invoice-number';
import { renderInvoicePdf } from '../invoices/invoice-pdf';
import type { SellerDetails } from '../invoices/invoice-pdf';
import type { Mailer } from '../mail/mailer';
import { orderConfirmationMail, orderStatusMail } from './order-mail';
import type { NotifiedMove } from './order-mail';
import { insertNewOrder, OrderModel } from './order.model';
import type { NewOrder, OrderDoc } from './order.model';
import { AWAITING_PAYMENT, canMove } from './order-states';

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

/**
 * A move as decided: the claim `order-move:<order>:<from>` holds it as JSON. Every state is left at
 * most once, so whoever wins the claim on leaving a state decides where the order goes next, on
 * MongoDB and FerretDB alike (section "Database rules" in the README).
 */
interface MoveRecord extends MoveDetails {
  to: OrderStatus;
  at: string;
  by: OrderActor;
  paymentId?: string;
  reason?: string;
}

export interface OrderLifecycleDeps {
  logger: Logger;
  mailer: Mailer;
  seller: SellerDetails;
  /** How long a half-done step (numbering, mailing) may sit before the next caller takes it over. */
  staleAfterMs: number;
  now?: () => number;
}

const moveKey = (orderId: Types.ObjectId | string, from: OrderStatus) =>
  `order-move:${String(orderId)}:${from}`;
const token = (prefix: string) => `${prefix}${randomBytes(8).toString('hex')}`;

/** The timeline entry of a move: built the same way by everyone, so adding it twice adds it once. */
function eventOf(record: MoveRecord) {
  return {
    status: record.to,
    at: new Date(record.at),
    by: record.by,
    ...(record.note ? { note: record.note } : {}),
    ...(record.carrier ? { carrier: record.carrier } : {}),
    ...(record.trackingNumber ? { trackingNumber: record.trackingNumber } : {}),
    ...(record.trackingUrl ? { trackingUrl: record.trackingUrl } : {}),
  };
}

/** The order fields a move sets besides its status and timeline. */
function fieldsOf(record: MoveRecord): Record<string, unknown> {
  switch (record.to) {
    case 'paid':
      return { paymentId: record.paymentId, paidAt: new Date(record.at), failureReason: null };
    case 'payment_failed':
      return { failureReason: record.reason ?? 'Payment failed' };
    case 'delivered':
      return { deliveredAt: new Date(record.at) };
    default:
      return {};
  }
}

/**
 * The one home of an order's life: the only code that writes an order after it
 * is placed. Payments report what the provider says, the owner and the shopper ask for moves;
 * this module decides, records the timeline, numbers the invoice (through invoices) and sends the
 * confirmation (through mail), each exactly once, and finishes whatever a caller before it left
 * half-done: the decisions live in claims, and the order document is brought up to date from them
 * by whoever comes next (`sync`).
 */
export function createOrderLifecycle(deps: OrderLifecycleDeps) {
  const { logger, mailer, seller, staleAfterMs } = deps;
  const now = deps.now ?? Date.now;
  /** Names this process in its holds: a hold of ours with no finish under way is a dead attempt. */
  const instance = randomBytes(6).toString('hex');
  /** finish() under way per order in this process: a second caller joins it rather than racing. */
  const finishing = new Map<string, Promise<OrderDoc>>();
  /**
   * Mail claims whose mail went out but whose 'sent' could not be written (the database was away):
   * this process knows the mail left, so it records 'sent' later instead of mailing again.
   */
  const sentUnrecorded = new Set<string>();

  const read = (id: Types.ObjectId | string) =>
    withDbRetry(() => OrderModel.findById(id).lean<OrderDoc>());

  /** Applies every decided move the order document does not show yet, in order. */
  async function sync(order: OrderDoc): Promise<OrderDoc> {
    let current = order;
    for (let step = 0; step < 16; step += 1) {
      const claim = await readClaim(moveKey(current._id, current.status as OrderStatus));
      if (!claim?.value) return current;
      const record = JSON.parse(claim.value) as MoveRecord;
      const from = current.status;
      const updated = await withDbRetry(() =>
        OrderModel.findOneAndUpdate(
          { _id: current._id, status: from },
          {
            $set: { status: record.to, ...fieldsOf(record) },
            $addToSet: { events: eventOf(record) },
          },
          { returnDocument: 'after' },
        ).lean<OrderDoc>(),
      );
      current = updated ?? (await read(current._id)) ?? current;
    }
    return current;
  }

  /** Decides a move away from `from`: true when this caller's record won. */
  async function decide(order: OrderDoc, from: OrderStatus, record: MoveRecord): Promise<boolean> {
    return claimAs(moveKey(order._id, from), JSON.stringify(record));
  }

  /** The payment that paid the order, if any did. */
  async function paidBy(order: OrderDoc): Promise<string | undefined> {
    for (const from of AWAITING_PAYMENT) {
      const claim = await readClaim(moveKey(order._id, from));
      const record = claim?.value ? (JSON.parse(claim.value) as MoveRecord) : undefined;
      if (record?.to === 'paid') return record.paymentId;
    }
    return undefined;
  }

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

  /** The invoice number, once: bound to the order when claimed, issued by whoever gets here. */
  async function number(order: OrderDoc): Promise<OrderDoc> {
    if (order.invoiceNumber) return order;
    const issued = await issueInvoiceNumber(String(order._id), {
      now: new Date(now()),
      staleAfterMs,
      instance,
    });
    if (!issued) return order;
    return setFields(order, { invoiceNumber: issued.number, invoiceDate: issued.date });
  }

  /**
   * The confirmation mail with the invoice, once. Generation g's holder mails and then marks its
   * claim 'sent'; a holder that failed marks it 'failed'; one of this process that left neither
   * failed on the way, and one of another process died if it is stale: in each case the next caller
   * takes generation g + 1.
   */
  async function mailConfirmation(order: OrderDoc): Promise<OrderDoc> {
    if (order.confirmationMailedAt || !order.invoiceNumber) return order;
    const mine = `mailing:${instance}:`;
    for (let generation = 0; generation < 20; generation += 1) {
      const key = `order-mail:${String(order._id)}:${generation}`;
      if (await claimAs(key, token(mine))) {
        try {
          const pdf = await renderInvoicePdf(order, seller);
          await mailer.send({
            to: order.email,
            ...orderConfirmationMail(order),
            messageId: `<order-confirmation.${String(order._id)}@${brand.supportEmail.split('@')[1]}>`,
            attachments: [
              {
                filename: `Invoice-${order.invoiceNumber.replaceAll('/', '-')}.pdf`,
                content: pdf,
                contentType: 'application/pdf',
              },
            ],
          });
        } catch (err) {
          await setClaimValue(key, 'failed');
          throw err;
        }
        try {
          await setClaimValue(key, 'sent');
        } catch (err) {
          sentUnrecorded.add(key);
          throw err;
        }
        return setFields(order, { confirmationMailedAt: new Date(now()) });
      }
      const claim = await readClaim(key);
      if (!claim) continue;
      if (claim.value?.startsWith(mine) && sentUnrecorded.has(key)) {
        await setClaimValue(key, 'sent');
        sentUnrecorded.delete(key);
        return setFields(order, { confirmationMailedAt: new Date(now()) });
      }
      if (claim.value === 'sent')
        return setFields(order, { confirmationMailedAt: claim.createdAt });
      if (claim.value === 'failed' || claim.value?.startsWith(mine)) continue;
      if (now() - claim.createdAt.getTime() < staleAfterMs) return order;
    }
    throw new Error(`Confirmation mail for order ${order.orderNumber} failed 20 times`);
  }

  const lifecycle = {
    /** Stores a new order (pending payment, its timeline opened by the shopper). */
    place: (order: NewOrder) => withDbRetry(() => insertNewOrder(order)),

    read,
    sync,
    paidBy,

    /** Links the provider's order to ours, once: a second, racing provider order is left unused. */
    async attachProviderOrder(order: OrderDoc, providerOrderId: string): Promise<OrderDoc> {
      const key = `provider-order:${String(order._id)}`;
      const chosen = (await claimAs(key, providerOrderId))
        ? providerOrderId
        : ((await readClaim(key))?.value ?? providerOrderId);
      return setFields(order, { providerOrderId: chosen });
    },

    /**
     * A captured payment reported for the order. The amount must be the order's grandTotal, else
     * the payment is held for the owner and the order stays unpaid (a payment once held stays held,
     * whoever reports it next). The first matching capture pays the order; any other is unwanted.
     */
    async recordCapture(
      order: OrderDoc,
      payment: ReportedPayment,
    ): Promise<{ outcome: CaptureOutcome; order: OrderDoc }> {
      if (payment.status !== 'captured') return { outcome: 'not_captured', order };
      const heldKey = `payment-hold:${payment.id}`;
      if (payment.amount !== order.totals.grandTotal || (await readClaim(heldKey))) {
        await claimAs(heldKey, String(order._id));
        logger.error(
          { orderNumber: order.orderNumber, paymentId: payment.id, paid: payment.amount },
          'payment held: its amount is not the order total',
        );
        const held =
          order.paymentHold?.paymentId === payment.id
            ? order
            : await setFields(order, {
                paymentHold: { paymentId: payment.id, amount: payment.amount, at: new Date(now()) },
              });
        return { outcome: 'held', order: held };
      }
      let current = await sync(order);
      for (let i = 0; i < 4 && AWAITING_PAYMENT.includes(current.status as OrderStatus); i += 1) {
        await decide(current, current.status as OrderStatus, {
          to: 'paid',
          at: new Date(now()).toISOString(),
          by: 'system',
          paymentId: payment.id,
        });
        current = await sync(current);
      }
      if ((await paidBy(current)) !== payment.id) return { outcome: 'unwanted', order: current };
      logger.info({ orderNumber: current.orderNumber, paymentId: payment.id }, 'order paid');
      return { outcome: 'paid', order: await lifecycle.finishQuietly(current) };
    },

    /** A failed payment attempt: an order still waiting for payment shows it; nothing else moves. */
    async recordFailure(
      order: OrderDoc,
      failure: { paymentId: string; reason: string },
    ): Promise<OrderDoc> {
      const current = await sync(order);
      if (current.status !== 'pending_payment') return current;
      await decide(current, 'pending_payment', {
        to: 'payment_failed',
        at: new Date(now()).toISOString(),
        by: 'system',
        paymentId: failure.paymentId,
        reason: failure.reason,
      });
      return sync(current);
    },

    /**
     * A move asked for by the owner or the shopper: only an allowed one, and only if nobody moved
     * the order away from the state the caller saw first (else 409 with the order as it is now).
     */
    async move(
      order: OrderDoc,
      to: OrderStatus,
      by: OrderActor,
      details: MoveDetails = {},
    ): Promise<OrderDoc> {
      const current = await sync(order);
      const from = current.status as OrderStatus;
      if (!canMove(from, to))
        throw conflict(`An order that is ${from} cannot become ${to}.`, 'ORDER_MOVE_NOT_ALLOWED');
      const record: MoveRecord = { to, at: new Date(now()).toISOString(), by, ...details };
      const won = await decide(current, from, record);
      const after = await sync(current);
      if (!won)
        throw conflict('The order was changed meanwhile. Please reload it.', 'ORDER_CHANGED');
      return after;
    },

    /**
     * Finishes a paid order: the invoice number, then the confirmation mail with its PDF. One run
     * per order at a time in this process; a caller arriving meanwhile waits for it, then checks.
     */
    async finish(order: OrderDoc): Promise<OrderDoc> {
      const id = String(order._id);
      for (;;) {
        const under = finishing.get(id);
        if (!under) break;
        await under.catch(() => undefined);
      }
      const run = (async () => {
        const current = await sync((await read(order._id)) ?? order);
        if (!current.paymentId) return current;
        return mailConfirmation(await number(current));
      })();
      finishing.set(id, run);
      try {
        return await run;
      } finally {
        finishing.delete(id);
      }
    },

    /**
     * Tells the shopper about a move (shipped with its tracking link, delivered, cancelled,
     * refunded), once per move; a mail that could not be sent is logged and may be sent again.
     */
    async announce(
      order: OrderDoc,
      move: NotifiedMove,
      details: MoveDetails & { refunded?: number } = {},
    ): Promise<void> {
      const key = `order-notice:${String(order._id)}:${move}`;
      if (!(await claimAs(key, token(`notice:${instance}:`)))) return;
      try {
        await mailer.send({ to: order.email, ...orderStatusMail(order, move, details) });
        await setClaimValue(key, 'sent');
      } catch (err) {
        await releaseClaim(key);
        logger.error({ err, orderNumber: order.orderNumber, move }, 'order notice not sent');
      }
    },

    /** The GST credit note of a refund made on the order's payment (once per refund key). */
    creditNote: (order: OrderDoc, refund: { key: string; amount: number; reason: string }) =>
      issueCreditNote(order, refund, { staleAfterMs, instance, now: new Date(now()) }),

    /** finish(), leaving a failure to whoever comes next (a webhook, a retry, reconciliation). */
    async finishQuietly(order: OrderDoc): Promise<OrderDoc> {
      try {
        return await lifecycle.finish(order);
      } catch (err) {
        logger.error({ err, orderNumber: order.orderNumber }, 'invoice or confirmation pending');
        return (await read(order._id)) ?? order;
      }
    },
  };
  return lifecycle;
}

export type OrderLifecycle = ReturnType<typeof createOrderLifecycle>;
