import {
  ACTIVE_TICKETS,
  AWAITING_PAYMENT,
  OPEN_RETURNS,
  ORDER_LIST_VIEWS,
  TO_DISPATCH,
} from '@vanya/contracts';
import type {
  AdminOrderList,
  AdminOrderListQuery,
  AdminSummary,
  OrderListView,
} from '@vanya/contracts';
import { trusted } from 'mongoose';
import { ContactMessageModel } from '../contact/contact.model';
import { actionsFor, liveBookings } from '../orders/order-actions';
import { OrderModel } from '../orders/order.model';
import type { OrderDoc } from '../orders/order.model';
import { ReturnModel } from '../returns/return.model';
import { TicketModel } from '../tickets/ticket.model';
import type { AdminOrdersContext } from './admin-orders-context';

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

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What the search box means: an order number, an email, a phone number, or part of a name. */
function searchFilter(q: string): Record<string, unknown> {
  if (/^VNY-\d{6}$/i.test(q)) return { orderNumber: q.toUpperCase() };
  if (q.includes('@')) return { email: q.toLowerCase() };
  const digits = q.replace(/\D/g, '');
  if (digits.length >= 10 && /^[\d\s+-]+$/.test(q)) return { phone: digits.slice(-10) };
  const name = new RegExp(escapeRegExp(q), 'i');
  return { $or: [{ firstName: name }, { lastName: name }, { orderNumber: name }] };
}

export async function listOrders(query: AdminOrderListQuery): Promise<AdminOrderList> {
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
  const bookings = await liveBookings(rows.filter((o) => o.status === 'packed').map((o) => o._id));
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
}

export async function summary(
  ctx: Pick<AdminOrdersContext, 'now'>,
): Promise<Omit<AdminSummary, 'lowStock'>> {
  const at = ctx.now();
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
}
