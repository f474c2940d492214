import {
  ACTIVE_TICKETS,
  AWAITING_PAYMENT,
  OPEN_RETURNS,
  ORDER_LIST_VIEWS,
  TO_DISPATCH,
  TO_PACK,
} from '@vanya/contracts';
import type {
  AdminOrderDetail,
  AdminOrderList,
  AdminOrderListQuery,
  AdminOrderStatusBody,
  AdminSummary,
  OrderAction,
  OrderListView,
} from '@vanya/contracts';
import { trusted } from 'mongoose';
import type { Logger } from '../../platform/logger';
import { AppError, badRequest, notFound } from '../../platform/errors/app-error';
import { invoiceLink } from '../invoices/invoices.routes';
import type { OrderLifecycle } from '../orders/order-lifecycle';
import { SentMails, SentTexts } from '../orders/order-lifecycle';
import { OrderModel } from '../orders/order.model';
import { actionsFor, assertOffered, liveBooking, liveBookings } from '../orders/order-actions';
import type { OrderDoc } from '../orders/order.model';
import { toOrderView } from '../orders/orders.service';
import { PaymentEventModel } from '../payments/payment-event.model';
import { RefundModel } from '../orders/refund.model';
import type { RefundDoc } from '../orders/refund.model';
import { orderRefundKey } from '../orders/refunds';
import type { Refunds } from '../orders/refunds';
import { ReturnModel } from '../returns/return.model';
import { TicketModel } from '../tickets/ticket.model';
import { ContactMessageModel } from '../contact/contact.model';
import { audit } from '../../platform/audit/audit';
import type { Actor } from '../../platform/audit/audit';
import { renderPackingSlip, renderPackingSlips } from './packing-slip';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The orders each list view holds: what the dashboard counts is what its tile opens. A held
 * payment (its amount was not the total) leaves the order unpaid until the owner settles it.
 */
const VIEW_FILTERS: Record<OrderListView, () => Record<string, unknown>> = {
  to_dispatch: () => ({ status: trusted({ $in: [...TO_DISPATCH] }) }),
  payment_held: () => ({
    status: trusted({ $in: [...AWAITING_PAYMENT] }),
    paymentHold: trusted({ $ne: null }),
  }),
};

const isView = (status: string | undefined): status is OrderListView =>
  (ORDER_LIST_VIEWS as readonly string[]).includes(status ?? '');

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
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export interface AdminOrdersDeps {
  lifecycle: OrderLifecycle;
  refunds: Refunds;
  logger: Logger;
  /** Signs invoice download links. */
  linkSecret: string;
  now?: () => number;
}

/** The owner's view of orders: find, read, move (refunding when money must go back), pack. */
export function createAdminOrders(deps: AdminOrdersDeps) {
  const { lifecycle, refunds, logger } = deps;
  const now = deps.now ?? Date.now;

  /** What the search box means: an order number, an email, a phone number, or part of a name. */
  function searchFilter(q: string): Record<string, unknown> {
    if (/^VNY-\d{6}$/i.test(q)) return { orderNumber: q.toUpperCase() };
    if (q.includes('@')) return { email: q.toLowerCase() };
    const digits = q.replace(/\D/g, '');
    if (digits.length >= 10 && /^[\d\s+-]+$/.test(q)) return { phone: digits.slice(-10) };
    const name = new RegExp(escapeRegExp(q), 'i');
    return { $or: [{ firstName: name }, { lastName: name }, { orderNumber: name }] };
  }

  /**
   * The mails and texts the shopper was sent about the order, read from the steps that sent each
   * once (sent_mails, sent_texts): its confirmation, each move and each refund.
   */
  async function messagesAbout(order: OrderDoc): Promise<AdminOrderDetail['messages']> {
    const id = String(order._id);
    const refunds = await RefundModel.find({ orderId: order._id }, { _id: 1 }).lean<
      { _id: string }[]
    >();
    const prefixed = (steps: typeof SentMails, prefix: string) =>
      steps
        .find({ _id: new RegExp(`^${prefix}`), state: 'done' }, { at: 1 })
        .lean<{ _id: string; at: Date }[]>();
    const [confirmation, notices, texts, refundMails] = await Promise.all([
      SentMails.find({ _id: `order-confirmation:${id}`, state: 'done' }).lean<
        { _id: string; at: Date }[]
      >(),
      prefixed(SentMails, `order-notice:${id}:`),
      prefixed(SentTexts, `order-text:${id}:`),
      refunds.length
        ? SentMails.find({
            _id: trusted({ $in: refunds.map((r) => `refund:${r._id}`) }),
            state: 'done',
          }).lean<{ _id: string; at: Date }[]>()
        : [],
    ]);
    /** What a step was about: the word after the order's id in its key ('shipped', 'refund'). */
    const about = (key: string) => key.slice(key.indexOf(id) + id.length + 1).split(':')[0]!;
    return [
      ...confirmation.map((m) => ({ channel: 'mail' as const, about: 'confirmation', at: m.at })),
      ...notices.map((m) => ({ channel: 'mail' as const, about: about(m._id), at: m.at })),
      ...refundMails.map((m) => ({ channel: 'mail' as const, about: 'refund', at: m.at })),
      ...texts.map((m) => ({ channel: 'sms' as const, about: about(m._id), at: m.at })),
    ]
      .sort((a, b) => a.at.getTime() - b.at.getTime())
      .map((m) => ({ ...m, at: m.at.toISOString() }));
  }

  async function detail(id: string): Promise<AdminOrderDetail> {
    const order = await lifecycle.load(id);
    const events = await PaymentEventModel.find({ orderId: order._id }).sort({ createdAt: 1 }).lean<
      {
        type: string;
        source: string;
        paymentId: string | null;
        amount: number | null;
        note: string;
        createdAt: Date;
      }[]
    >();
    return {
      order: toOrderView(order, actionsFor(order, 'owner', await liveBooking(order._id))),
      paymentEvents: events.map((e) => ({
        type: e.type,
        source: e.source,
        paymentId: e.paymentId,
        amount: e.amount,
        note: e.note ?? '',
        at: e.createdAt.toISOString(),
      })),
      invoice:
        order.invoiceNumber && order.invoiceDate
          ? {
              invoiceNumber: order.invoiceNumber,
              date: order.invoiceDate.toISOString(),
              downloadUrl: invoiceLink(deps.linkSecret, String(order._id), now()),
            }
          : null,
      paymentHold: order.paymentHold
        ? {
            paymentId: order.paymentHold.paymentId,
            amount: order.paymentHold.amount,
            at: order.paymentHold.at.toISOString(),
          }
        : null,
      refunded: events
        .filter((e) => e.type === 'refund')
        .reduce((sum, e) => sum + (e.amount ?? 0), 0),
      messages: await messagesAbout(order),
    };
  }

  return {
    async list(query: AdminOrderListQuery): Promise<AdminOrderList> {
      const filter: Record<string, unknown> = {
        ...(isView(query.status)
          ? VIEW_FILTERS[query.status]()
          : query.status
            ? { status: query.status }
            : {}),
        ...(query.payment === 'cod'
          ? { paymentMethod: 'cod' }
          : query.payment === 'prepaid'
            ? { paymentMethod: trusted({ $ne: 'cod' }) }
            : {}),
        ...(query.q ? searchFilter(query.q) : {}),
      };
      const [rows, total] = await Promise.all([
        OrderModel.find(filter)
          .sort({ createdAt: -1 })
          .skip((query.page - 1) * query.limit)
          .limit(query.limit)
          .lean<OrderDoc[]>(),
        OrderModel.countDocuments(filter),
      ]);
      const bookings = await liveBookings(
        rows.filter((o) => o.status === 'packed').map((o) => o._id),
      );
      return {
        items: rows.map((o) => ({
          _id: String(o._id),
          orderNumber: o.orderNumber,
          status: o.status as AdminOrderList['items'][number]['status'],
          createdAt: o.createdAt.toISOString(),
          name: `${o.firstName} ${o.lastName}`,
          email: o.email,
          phone: o.phone,
          city: o.city,
          state: o.state,
          total: o.totals.grandTotal,
          paymentMethod: o.paymentMethod as AdminOrderList['items'][number]['paymentMethod'],
          paymentHeld: Boolean(o.paymentHold),
          nextActions: actionsFor(o, 'owner', bookings.get(String(o._id)) ?? null),
        })),
        total,
        page: query.page,
        limit: query.limit,
      };
    },

    detail,

    /**
     * The owner moves an order: only the lifecycle's allowed moves (else 409). Cancelling a paid
     * order or refunding one gives the money back (orders/refunds.ts): decided first, then
     * settled; a step the provider could not take now is finished by the owner's retry or by
     * reconciliation. The shopper is told, the audit log keeps it.
     */
    async move(actor: Actor, id: string, body: AdminOrderStatusBody): Promise<AdminOrderDetail> {
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
        return detail(id);
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
      return detail(id);
    },

    /** Every order waiting to be packed (paid, or cash on delivery confirmed), oldest first. */
    async packingSlips(): Promise<Buffer> {
      const toPack = await OrderModel.find({ status: trusted({ $in: [...TO_PACK] }) })
        .sort({ createdAt: 1 })
        .limit(100)
        .lean<OrderDoc[]>();
      if (toPack.length === 0)
        throw notFound('No order is waiting to be packed.', 'NOTHING_TO_PACK');
      return renderPackingSlips(toPack);
    },

    /** Marks each order packed as the single move does; one that cannot be says why. */
    async packMany(
      actor: Actor,
      ids: string[],
    ): Promise<{ packed: string[]; refused: { id: string; message: string }[] }> {
      const packed: string[] = [];
      const refused: { id: string; message: string }[] = [];
      for (const id of ids) {
        try {
          const done = await this.move(actor, id, { status: 'packed' });
          packed.push(done.order.orderNumber);
        } catch (err) {
          if (!(err instanceof AppError) || err.status >= 500) throw err;
          refused.push({ id, message: err.message });
        }
      }
      return { packed, refused };
    },

    async packingSlip(id: string): Promise<{ orderNumber: string; pdf: Buffer }> {
      const order = await lifecycle.load(id);
      return { orderNumber: order.orderNumber, pdf: await renderPackingSlip(order) };
    },

    async summary(): Promise<Omit<AdminSummary, 'lowStock'>> {
      const at = now();
      const paidSince = (ms: number) =>
        OrderModel.aggregate<{ total: number }>([
          {
            $match: {
              status: { $in: ['paid', 'packed', 'shipped', 'delivered'] },
              paidAt: { $gte: new Date(at - ms) },
            },
          },
          { $group: { _id: null, total: { $sum: '$totals.grandTotal' } } },
        ]);
      const startOfToday = (() => {
        // Today in India (IST, UTC+5:30).
        const ist = new Date(at + 330 * 60_000);
        return Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate()) - 330 * 60_000;
      })();
      const [toDispatch, held, openReturns, openTickets, unread, today, week, month] =
        await Promise.all([
          OrderModel.countDocuments(VIEW_FILTERS.to_dispatch()),
          OrderModel.countDocuments(VIEW_FILTERS.payment_held()),
          ReturnModel.countDocuments({ status: trusted({ $in: [...OPEN_RETURNS] }) }),
          TicketModel.countDocuments({ status: trusted({ $in: [...ACTIVE_TICKETS] }) }),
          ContactMessageModel.countDocuments({ readAt: null }),
          paidSince(at - startOfToday),
          paidSince(7 * DAY_MS),
          paidSince(30 * DAY_MS),
        ]);
      return {
        ordersToDispatch: toDispatch,
        paymentsHeld: held,
        openReturns,
        openTickets,
        unreadMessages: unread,
        sales: {
          today: today[0]?.total ?? 0,
          last7Days: week[0]?.total ?? 0,
          last30Days: month[0]?.total ?? 0,
        },
      };
    },
  };
}

export type AdminOrders = ReturnType<typeof createAdminOrders>;
