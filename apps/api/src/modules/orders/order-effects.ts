import { brand } from '@vanya/catalog';
import type { PreOrderSettings } from '@vanya/catalog';
import { BEFORE_DISPATCH, INVOICED } from '@vanya/contracts';
import type { OrderActor, OrderStatus } from '@vanya/contracts';
import { trusted } from 'mongoose';
import type { Types } from 'mongoose';
import { doOnce, stepCollection } from '../../platform/db/once';
import { withDbRetry } from '../../platform/db/retry';
import type { Logger } from '../../platform/logger';
import { issueCreditNote } from '../invoices/credit-notes';
import { INVOICES, issueNumber } from '../invoices/invoice-number';
import { renderInvoicePdf } from '../invoices/invoice-pdf';
import type { SellerDetails } from '../invoices/invoice-pdf';
import type { Mailer } from '../mail/mailer';
import type { SmsTransport } from '../sms/sms-transport';
import { orderConfirmationMail, orderText } from './order-mail';
import { OrderModel } from './order.model';
import type { OrderDoc, ReservationState } from './order.model';

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

/** The lifecycle's deps with the clock settled: what every step below takes. */
export type LifecycleCtx = OrderLifecycleDeps & { now: () => number };

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

/** A move just made: the state left, the state entered and who made it. */
export interface Move {
  from: OrderStatus;
  to: OrderStatus;
  by: OrderActor;
}

/** What follows entering a state: answers the order as it now is (or nothing when unchanged). */
export type Effect = (ctx: LifecycleCtx, order: OrderDoc, move: Move) => Promise<OrderDoc | void>;

/** Mails sent once, keyed by what they are for (`order-confirmation:<order>`). */
export const SentMails = stepCollection('sent_mails');
/** Text messages sent once, keyed by what they are for (`order-text:<order>:shipped`). */
export const SentTexts = stepCollection('sent_texts');

/** An order in one of these has been paid or confirmed: its units are sold. */
const SOLD: readonly OrderStatus[] = ['paid', 'confirmed', 'packed', 'shipped', 'delivered'];

const isCod = (order: OrderDoc) => order.paymentMethod === 'cod';

export const readOrder = (id: Types.ObjectId | string) =>
  withDbRetry(() => OrderModel.findById(id).lean<OrderDoc>());

/** Sets fields of the order; answers it as written (or as it was, when it is gone). */
export async function setFields(
  order: OrderDoc,
  fields: Record<string, unknown>,
): Promise<OrderDoc> {
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
export async function turnReservation(
  ctx: LifecycleCtx,
  order: OrderDoc,
  turn: { from: readonly ReservationState[]; to: Exclude<ReservationState, 'held'> },
  reason: string,
  by: OrderActor,
): Promise<boolean> {
  const stock = ctx.stock;
  if (!stock || !order.reservation) return false;
  const before = await withDbRetry(() =>
    OrderModel.findOneAndUpdate(
      { _id: order._id, 'reservation.state': trusted({ $in: [...turn.from] }) },
      { $set: { 'reservation.state': turn.to }, $push: { 'reservation.unsettled': turn.to } },
      { returnDocument: 'before' },
    ).lean<OrderDoc>(),
  );
  const reservation = before?.reservation;
  if (!reservation) return false;
  if (turn.to === 'sold') await stock.sell(reservation.items, order);
  else if (reservation.state === 'held') await stock.release(reservation.items, order, reason, by);
  else await stock.restock(reservation.items, order, reason, by);
  await settled(order._id, turn.to);
  return true;
}

/** The turn's units have all moved: it is no longer the ledger job's to finish. */
export const settled = (id: Types.ObjectId, to: ReservationState) =>
  withDbRetry(() => OrderModel.updateOne({ _id: id }, { $pull: { 'reservation.unsettled': to } }));

/**
 * The invoice number of a paid order, or of a cash-on-delivery order once shipped: bound to it
 * when taken, so every caller gets the same.
 */
export async function number(ctx: LifecycleCtx, order: OrderDoc): Promise<OrderDoc> {
  if (order.invoiceNumber) return order;
  const invoiced = isCod(order)
    ? INVOICED.cod.includes(order.status as OrderStatus)
    : Boolean(order.paymentId);
  if (!invoiced) return order;
  const issued = await issueNumber(INVOICES, String(order._id), () => new Date(ctx.now()));
  return setFields(order, { invoiceNumber: issued.number, invoiceDate: issued.date });
}

/** The invoice PDF to attach to the confirmation mail, when the order has its number. */
async function invoiceAttachments(ctx: LifecycleCtx, order: OrderDoc) {
  const invoiceNumber = order.invoiceNumber;
  if (!invoiceNumber) return [];
  const content = await renderInvoicePdf(order, ctx.seller);
  const filename = `Invoice-${invoiceNumber.replaceAll('/', '-')}.pdf`;
  return [{ filename, content, contentType: 'application/pdf' }];
}

/**
 * The confirmation mail, once (sent_mails), then recorded on the order: with the invoice PDF for
 * a paid order; for a confirmed cash-on-delivery order without one (it is issued at shipping).
 */
async function mailConfirmation(ctx: LifecycleCtx, order: OrderDoc): Promise<OrderDoc> {
  if (order.confirmationMailedAt) return order;
  if (!order.invoiceNumber && !isCod(order)) return order;
  const { staleAfterMs, now } = ctx;
  const key = `order-confirmation:${String(order._id)}`;
  const result = await doOnce(SentMails, key, { staleAfterMs, now }, async () => {
    const attachments = await invoiceAttachments(ctx, order);
    const preOrder = await ctx.preOrder?.();
    await ctx.mailer.send({
      to: order.email,
      ...orderConfirmationMail(order, preOrder),
      messageId: `<order-confirmation.${String(order._id)}@${brand.supportEmail.split('@')[1]}>`,
      attachments,
    });
  });
  return result === 'done' ? setFields(order, { confirmationMailedAt: new Date(now()) }) : order;
}

/**
 * Texts the shopper's phone once per `key` (a move, or a courier scan). Answers false when it
 * could not be sent (logged) or is under way elsewhere.
 */
export async function text(
  ctx: LifecycleCtx,
  order: OrderDoc,
  key: string,
  message: string,
): Promise<boolean> {
  const sms = ctx.sms;
  if (!sms) return false;
  const { staleAfterMs, now } = ctx;
  try {
    const result = await doOnce(
      SentTexts,
      `order-text:${String(order._id)}:${key}`,
      { staleAfterMs, now },
      // By WhatsApp when the shopper chose it at checkout, through the same gateway.
      () => sms.send(order.phone, message, order.whatsappUpdates ? 'whatsapp' : 'sms'),
    );
    return result === 'done';
  } catch (err) {
    ctx.logger.error({ err, orderNumber: order.orderNumber, key }, 'order text not sent');
    return false;
  }
}

/**
 * Finishes a paid order (the invoice number, then the confirmation mail with its PDF) or a
 * confirmed cash-on-delivery one (the confirmation mail), then texts the confirmation, once;
 * the order as it is now, whatever the copy given.
 */
export async function finish(ctx: LifecycleCtx, order: OrderDoc): Promise<OrderDoc> {
  return complete(ctx, (await readOrder(order._id)) ?? order);
}

/** finish() of an order as just written (every step is guarded, so a stale copy does no harm). */
async function complete(ctx: LifecycleCtx, order: OrderDoc): Promise<OrderDoc> {
  // A sale whose move happened but whose units a crash kept held is finished here.
  const current = SOLD.includes(order.status as OrderStatus) ? await sellUnits(ctx, order) : order;
  if (isCod(current) && current.status === 'pending_confirmation') return current;
  if (!isCod(current) && !current.paymentId) return current;
  const finished = await mailConfirmation(
    ctx,
    isCod(current) ? current : await number(ctx, current),
  );
  // The confirmation by SMS too, once (a text that fails is logged and not retried).
  if (finished.confirmationMailedAt) {
    await text(ctx, finished, 'confirmed', orderText(finished, 'confirmed'));
    ctx.onConfirmed?.(finished);
  }
  return finished;
}

/** complete() after the answer; a failure is left to whoever comes next (reconciliation). */
export function finishInBackground(ctx: LifecycleCtx, order: OrderDoc): void {
  if (order.confirmationMailedAt) return;
  ctx.runInBackground(async () => {
    try {
      await complete(ctx, order);
    } catch (err) {
      ctx.logger.error({ err, orderNumber: order.orderNumber }, 'invoice or confirmation pending');
    }
  });
}

// What follows entering a state, one effect each. Each is idempotent (whoever comes next may
// run it again) and done before answering, but the confirmation, which follows the answer.

/**
 * Paid or confirmed: the units held for the order are sold (once; never held again after).
 * Answers the order with its reservation as this turn left it.
 */
async function sellUnits(ctx: LifecycleCtx, order: OrderDoc): Promise<OrderDoc> {
  const reservation = order.reservation;
  if (reservation?.state !== 'held') return order;
  const turned = await turnReservation(
    ctx,
    order,
    { from: ['held'], to: 'sold' },
    'Sold',
    'system',
  );
  return turned ? { ...order, reservation: { ...reservation, state: 'sold' } } : order;
}

/** Cancelled or refunded while the parcel was still on our shelf: its units go back. */
async function releaseUnits(ctx: LifecycleCtx, order: OrderDoc, move: Move): Promise<void> {
  if (!BEFORE_DISPATCH.includes(move.from)) return;
  const turn = { from: ['held', 'sold'] as const, to: 'released' as const };
  await turnReservation(ctx, order, turn, `Order ${move.to}`, move.by);
}

/** Refused at the door (rto): the parcel's units are back on the shelf. */
async function restockRefused(ctx: LifecycleCtx, order: OrderDoc, move: Move): Promise<void> {
  const turn = { from: ['sold'] as const, to: 'released' as const };
  await turnReservation(ctx, order, turn, 'Refused at the door', move.by);
}

/** Cancelled before it was paid: the coupon's use is given back. */
async function giveCouponBack(ctx: LifecycleCtx, order: OrderDoc): Promise<void> {
  if (!order.paymentId && order.coupon) await ctx.coupons?.giveBack(order._id);
}

/** A paid order, or a cash-on-delivery one at shipping (the time of supply), is invoiced. */
const numberInvoice: Effect = (ctx, order) => number(ctx, order);

/** A cash-on-delivery parcel refused at the door: a credit note for its whole invoice. */
async function creditRefusedCod(ctx: LifecycleCtx, order: OrderDoc): Promise<OrderDoc> {
  const numbered = await number(ctx, order);
  const refund = {
    key: `rto-${String(order._id)}`,
    amount: numbered.totals.grandTotal,
    reason: 'parcel refused (returned to origin)',
  };
  await issueCreditNote(numbered, refund, () => new Date(ctx.now()));
  return numbered;
}

/** The confirmation mail and text (and the owners' notice), after the answer. */
async function confirmLater(ctx: LifecycleCtx, order: OrderDoc): Promise<void> {
  finishInBackground(ctx, order);
}

/** Runs `effect` only for a cash-on-delivery order. */
const codOnly =
  (effect: Effect): Effect =>
  (ctx, order, move) =>
    isCod(order) ? effect(ctx, order, move) : Promise.resolve();

/** The effects of entering each state, run in this order by `enter`. */
export const ON_ENTER: Partial<Record<OrderStatus, readonly Effect[]>> = {
  paid: [sellUnits, numberInvoice, confirmLater],
  confirmed: [sellUnits, confirmLater],
  cancelled: [giveCouponBack, releaseUnits],
  refunded: [releaseUnits],
  shipped: [codOnly(numberInvoice)],
  rto: [restockRefused, codOnly(creditRefusedCod)],
};

/** What follows the move: its state's effects in order, each given the order as the last left it. */
export async function enter(ctx: LifecycleCtx, order: OrderDoc, move: Move): Promise<OrderDoc> {
  let current = order;
  for (const effect of ON_ENTER[move.to] ?? [])
    current = (await effect(ctx, current, move)) ?? current;
  return current;
}
