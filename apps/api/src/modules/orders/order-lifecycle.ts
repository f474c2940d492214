import { brand } from '@vanya/catalog';
import { AWAITING_PAYMENT, canMove, ORDER_MOVES } from '@vanya/contracts';
import type { CourierScan, OrderActor, OrderStatus } from '@vanya/contracts';
import { trusted } from 'mongoose';
import type { Types } from 'mongoose';
import { doOnce } from '../../platform/db/once';
import { withDbRetry } from '../../platform/db/retry';
import { forEachOldestFirst } from '../../platform/db/page';
import { AppError, conflict, notFound } from '../../platform/errors/app-error';
import { issueCreditNote } from '../invoices/credit-notes';
import { PaymentEventModel } from '../payments/payment-event.model';
import {
  enter,
  finish,
  finishInBackground,
  number,
  readOrder,
  SentMails,
  setFields,
  settled,
  text,
  turnReservation,
} from './order-effects';
import type { LifecycleCtx, OrderLifecycleDeps } from './order-effects';
import { orderStatusMail, orderText } from './order-mail';
import type { NotifiedMove } from './order-mail';
import { insertNewOrder, OrderModel } from './order.model';
import type { NewOrder, OrderDoc } from './order.model';

export type { OrderLifecycleDeps, ReservedStock } from './order-effects';
export { SentMails, SentTexts } from './order-effects';
export { orderText } from './order-mail';
export type { TextedNews } from './order-mail';

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

/** Moves the order from one of `from` to `to` in one guarded write; null when it was not there. */
function guardedMove(
  ctx: LifecycleCtx,
  id: Types.ObjectId,
  move: { from: readonly OrderStatus[]; to: OrderStatus; by: OrderActor },
  details: MoveDetails,
  fields: Record<string, unknown> = {},
) {
  const event = eventOf(move.to, new Date(ctx.now()), move.by, details);
  return withDbRetry(() =>
    OrderModel.findOneAndUpdate(
      { _id: id, status: trusted({ $in: [...move.from] }) },
      { $set: { status: move.to, ...fields }, $push: { events: event } },
      { returnDocument: 'after' },
    ).lean<OrderDoc>(),
  );
}

/** The fields a move sets beside the status: delivered dates it (and a COD order is collected). */
function fieldsOf(order: OrderDoc, to: OrderStatus, at: Date): Record<string, unknown> {
  if (to !== 'delivered') return {};
  // The courier collected the money at the door.
  const collected = order.paymentMethod === 'cod' ? { codStatus: 'collected', paidAt: at } : {};
  return { deliveredAt: at, ...collected };
}

/**
 * A move asked for by the owner or the shopper: only an allowed one, and only if nobody moved
 * the order away from the state read here (else 409 with the order as it is now). What follows
 * entering the new state is done before answering (order-effects).
 */
async function move(
  ctx: LifecycleCtx,
  order: OrderDoc,
  to: OrderStatus,
  by: OrderActor,
  details: MoveDetails = {},
): Promise<OrderDoc> {
  // The caller decided on its copy (what the viewer may do), so the move is guarded on that
  // copy's status; the order is read again only to say why a refused move was refused. A move
  // never goes ahead from a state the caller did not see.
  const moved = canMove(ORDER_MOVES, order.status as OrderStatus, to)
    ? await moveFrom(ctx, order, to, by, details)
    : null;
  if (moved) return moved;
  const current = (await readOrder(order._id)) ?? order;
  if (!canMove(ORDER_MOVES, current.status as OrderStatus, to))
    throw conflict(
      `An order that is ${current.status} cannot become ${to}.`,
      'ORDER_MOVE_NOT_ALLOWED',
    );
  throw conflict('The order was changed meanwhile. Please reload it.', 'ORDER_CHANGED');
}

/** The move from the status `order` is in, then its effects; null when it is there no more. */
async function moveFrom(
  ctx: LifecycleCtx,
  order: OrderDoc,
  to: OrderStatus,
  by: OrderActor,
  details: MoveDetails,
): Promise<OrderDoc | null> {
  const from = order.status as OrderStatus;
  const fields = fieldsOf(order, to, new Date(ctx.now()));
  const moved = await guardedMove(ctx, order._id, { from: [from], to, by }, details, fields);
  return moved && enter(ctx, moved, { from, to, by });
}

/** Holds a payment whose amount is not the order's for the owner, on the order. */
async function holdPayment(
  ctx: LifecycleCtx,
  order: OrderDoc,
  payment: ReportedPayment,
): Promise<OrderDoc> {
  ctx.logger.error(
    { orderNumber: order.orderNumber, paymentId: payment.id, paid: payment.amount },
    'payment held: its amount is not the order total',
  );
  if (order.paymentHold?.paymentId === payment.id) return order;
  const paymentHold = { paymentId: payment.id, amount: payment.amount, at: new Date(ctx.now()) };
  return setFields(order, { paymentHold });
}

/**
 * A captured payment reported for the order. The amount must be the order's grandTotal, else
 * the payment is held for the owner and the order stays unpaid. The first matching capture
 * pays the order (and numbers its invoice before answering); any other is unwanted. The PDF
 * and the confirmation mail follow in the background.
 */
async function recordCapture(
  ctx: LifecycleCtx,
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
  if (held) return { outcome: 'held', order: await holdPayment(ctx, order, payment) };
  const paying = { from: AWAITING_PAYMENT, to: 'paid' as const, by: 'system' as const };
  const paid = { paymentId: payment.id, paidAt: new Date(ctx.now()), failureReason: null };
  const moved = repeated ? null : await guardedMove(ctx, order._id, paying, {}, paid);
  const current = repeated ? order : (moved ?? (await readOrder(order._id)) ?? order);
  if (current.paymentId !== payment.id) return { outcome: 'unwanted', order: current };
  if (moved)
    ctx.logger.info({ orderNumber: current.orderNumber, paymentId: payment.id }, 'order paid');
  const from = order.status as OrderStatus;
  return { outcome: 'paid', order: await enter(ctx, current, { from, to: 'paid', by: 'system' }) };
}

/** A failed payment attempt: an order still waiting for payment shows it; nothing else moves. */
async function recordFailure(
  ctx: LifecycleCtx,
  order: OrderDoc,
  failure: { paymentId: string; reason: string },
): Promise<OrderDoc> {
  const failing = {
    from: ['pending_payment'] as const,
    to: 'payment_failed' as const,
    by: 'system' as const,
  };
  const moved = await guardedMove(ctx, order._id, failing, {}, { failureReason: failure.reason });
  return moved ?? (await readOrder(order._id)) ?? order;
}

/**
 * Cancels, as the shop and oldest first, every order the filter finds overdue (unpaid, or
 * unconfirmed on delivery), but those `keep` spares; one paid or confirmed meanwhile is left as
 * it is. Answers how many were cancelled.
 */
async function cancelOverdue(
  ctx: LifecycleCtx,
  filter: Record<string, unknown>,
  note: string,
  keep: (order: OrderDoc) => boolean = () => false,
): Promise<number> {
  let cancelled = 0;
  await forEachOldestFirst<OrderDoc>(OrderModel, filter, async (order) => {
    if (keep(order)) return;
    try {
      await move(ctx, order, 'cancelled', 'system', { note });
      cancelled += 1;
    } catch (err) {
      if (!(err instanceof AppError && err.status === 409)) throw err;
    }
  });
  return cancelled;
}

/**
 * The ledger job's pass over orders: every reservation turned at least `staleMs` ago whose
 * units did not all move (the process died in between) has them moved now, once each.
 */
async function settleReservations(ctx: LifecycleCtx, staleMs: number): Promise<number> {
  const stock = ctx.stock;
  if (!stock) return 0;
  let finished = 0;
  const unsettled = {
    'reservation.unsettled': trusted({ $in: ['sold', 'released'] }),
    updatedAt: trusted({ $lte: new Date(ctx.now() - staleMs) }),
  };
  await forEachOldestFirst<OrderDoc>(OrderModel, unsettled, async (order) => {
    for (const to of order.reservation?.unsettled ?? []) {
      if (to === 'held') continue;
      await stock.finishTurn(order.reservation!.items, order, to);
      await settled(order._id, to);
    }
    finished += 1;
  });
  return finished;
}

/**
 * Tells the shopper about a move (shipped with its tracking link, delivered, cancelled,
 * refunded), once per move. Answers false when the mail could not be sent (logged) or is under
 * way elsewhere, so a caller that must see it sent can try again.
 */
async function announce(
  ctx: LifecycleCtx,
  order: OrderDoc,
  news: NotifiedMove,
  details: MoveDetails & { refunded?: number } = {},
): Promise<boolean> {
  const { staleAfterMs, now } = ctx;
  const key = `order-notice:${String(order._id)}:${news}`;
  try {
    const result = await doOnce(SentMails, key, { staleAfterMs, now }, () =>
      ctx.mailer.send({
        to: order.email,
        ...orderStatusMail(order, news, details),
        messageId: `<order-${news}.${String(order._id)}@${brand.supportEmail.split('@')[1]}>`,
      }),
    );
    return result === 'done';
  } catch (err) {
    ctx.logger.error({ err, orderNumber: order.orderNumber, move: news }, 'order notice not sent');
    return false;
  } finally {
    if (news === 'shipped' || news === 'delivered')
      await text(ctx, order, news, orderText(order, news, details));
  }
}

/**
 * A timeline event without a move (the courier's "out for delivery"), recorded once per scan
 * (`key`) whoever reports it: one guarded write that pushes the event only while no event
 * carries the key and the order is still where it was read. Null when it was recorded before
 * (or the order moved on).
 */
function recordScan(
  ctx: LifecycleCtx,
  order: OrderDoc,
  scan: { kind: CourierScan; key: string },
  details: MoveDetails = {},
): Promise<OrderDoc | null> {
  const status = order.status as OrderStatus;
  const event = {
    ...eventOf(status, new Date(ctx.now()), 'system', details),
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
}

/**
 * The one home of an order's life: the only code that writes an order after it is placed.
 * Payments report what the provider says, the owner and the shopper ask for moves; this module
 * decides and records the timeline. Every move is one status-guarded `findOneAndUpdate` that sets
 * the new state and pushes its timeline event in the same write, so exactly one of many concurrent
 * callers wins it; what follows entering a state (stock, invoice, credit note, coupon, the
 * confirmation) is the effects table of order-effects, finished by whoever comes next.
 */
export function createOrderLifecycle(deps: OrderLifecycleDeps) {
  const ctx: LifecycleCtx = { ...deps, now: deps.now ?? Date.now };
  return {
    /** Stores a new order (its timeline opened by the shopper). */
    place: (order: NewOrder) => withDbRetry(() => insertNewOrder(order, new Date(ctx.now()))),
    read: readOrder,
    /** The order, or 404 ORDER_NOT_FOUND. */
    async load(id: Types.ObjectId | string): Promise<OrderDoc> {
      const order = await readOrder(id);
      if (!order) throw notFound('Order not found.', 'ORDER_NOT_FOUND');
      return order;
    },
    number: (order: OrderDoc) => number(ctx, order),
    move: (order: OrderDoc, to: OrderStatus, by: OrderActor, details?: MoveDetails) =>
      move(ctx, order, to, by, details),
    recordCapture: (order: OrderDoc, payment: ReportedPayment) =>
      recordCapture(ctx, order, payment),
    recordFailure: (order: OrderDoc, failure: { paymentId: string; reason: string }) =>
      recordFailure(ctx, order, failure),
    cancelOverdue: (
      filter: Record<string, unknown>,
      note: string,
      keep?: (o: OrderDoc) => boolean,
    ) => cancelOverdue(ctx, filter, note, keep),
    settleReservations: (staleMs: number) => settleReservations(ctx, staleMs),
    /** A return the owner marks fit to sell: its order's sold units go back on the shelf, once. */
    restockReturn: (order: OrderDoc) =>
      turnReservation(
        ctx,
        order,
        { from: ['sold'], to: 'released' },
        'Returned, fit to sell',
        'owner',
      ),
    /** Links the provider's order to ours, once: a second, racing provider order is left unused. */
    async attachProviderOrder(order: OrderDoc, providerOrderId: string): Promise<OrderDoc> {
      const linked = await withDbRetry(() =>
        OrderModel.findOneAndUpdate(
          { _id: order._id, providerOrderId: null },
          { $set: { providerOrderId } },
          { returnDocument: 'after' },
        ).lean<OrderDoc>(),
      );
      return linked ?? (await readOrder(order._id)) ?? order;
    },
    finish: (order: OrderDoc) => finish(ctx, order),
    finishInBackground: (order: OrderDoc) => finishInBackground(ctx, order),
    announce: (
      order: OrderDoc,
      news: NotifiedMove,
      details?: MoveDetails & { refunded?: number },
    ) => announce(ctx, order, news, details),
    text: (order: OrderDoc, key: string, message: string) => text(ctx, order, key, message),
    recordScan: (
      order: OrderDoc,
      scan: { kind: CourierScan; key: string },
      details?: MoveDetails,
    ) => recordScan(ctx, order, scan, details),
    /** The GST credit note of a refund made on the order's payment (once per refund key). */
    creditNote: (order: OrderDoc, refund: { key: string; amount: number; reason: string }) =>
      issueCreditNote(order, refund, () => new Date(ctx.now())),
  };
}

export type OrderLifecycle = ReturnType<typeof createOrderLifecycle>;
