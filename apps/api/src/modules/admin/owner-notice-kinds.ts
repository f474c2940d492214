import { formatINR } from '@vanya/catalog';
import { formatWhen } from '../mail/templates';
import type { OrderDoc } from '../orders/order.model';
import type { SpentWindow } from '../sms/text-budget';
import { area, mail, notify, opens, settings, sms, store, textOwner } from './owner-notice-sending';
import type { OwnerNoticesDeps } from './owner-notice-sending';

/** A paid order, or a cash-on-delivery order its shopper confirmed: one to pack. */
export function newOrder(deps: OwnerNoticesDeps, order: OrderDoc): void {
  const cod = order.paymentMethod === 'cod';
  const title = `New order ${order.orderNumber}: ${formatINR(order.totals.grandTotal)}${cod ? ' cash on delivery' : ''}`;
  notify(
    deps,
    'newOrder',
    `new-order:${String(order._id)}`,
    { title, path: opens(`tab=orders&order=${String(order._id)}`) },
    mail(
      title,
      [
        `${order.firstName} ${order.lastName} (${order.city}, ${order.state}) ordered ${order.cartSummary}.`,
        cod
          ? `Cash on delivery: ${formatINR(order.totals.grandTotal)} to collect.`
          : `Paid: ${formatINR(order.totals.grandTotal)}.`,
      ],
      area(deps, 'tab=orders&status=to_dispatch'),
      'Orders to dispatch',
    ),
    sms(
      `new order ${order.orderNumber}, ${formatINR(order.totals.grandTotal)} ${cod ? 'cash on delivery' : 'paid'}.`,
      area(deps, 'tab=orders&status=to_dispatch'),
    ),
  );
}

export function returnRequested(
  deps: OwnerNoticesDeps,
  ret: { _id: unknown; orderNumber: string; reason: string },
): void {
  const title = `Return requested for order ${ret.orderNumber}`;
  notify(
    deps,
    'returnRequest',
    `return-request:${String(ret._id)}`,
    { title, path: opens(`tab=returns&return=${String(ret._id)}`) },
    mail(
      title,
      [`A shopper asks to return order ${ret.orderNumber}: ${ret.reason}`],
      area(deps, 'tab=returns'),
      'Open the returns',
    ),
    sms(`return requested for order ${ret.orderNumber}.`, area(deps, 'tab=returns')),
  );
}

/** The shopper's answer in a ticket's thread (the `n`th message of it). */
export function ticketReplied(
  deps: OwnerNoticesDeps,
  ticketId: unknown,
  n: number,
  message: string,
): void {
  notify(
    deps,
    'ticket',
    `ticket-reply:${String(ticketId)}:${n}`,
    {
      title: 'A shopper answered on a support ticket',
      path: opens(`tab=tickets&ticket=${String(ticketId)}`),
    },
    mail(
      'A shopper answered on a support ticket',
      [message.length > 500 ? `${message.slice(0, 500)}…` : message],
      area(deps, 'tab=tickets'),
      'Open the tickets',
    ),
    sms('a shopper answered on a support ticket.', area(deps, 'tab=tickets')),
  );
}

export function ticketOpened(
  deps: OwnerNoticesDeps,
  ticket: { _id: unknown; message: string },
): void {
  notify(
    deps,
    'ticket',
    `ticket:${String(ticket._id)}`,
    {
      title: 'A shopper opened a support ticket',
      path: opens(`tab=tickets&ticket=${String(ticket._id)}`),
    },
    mail(
      'A shopper opened a support ticket',
      [ticket.message.length > 500 ? `${ticket.message.slice(0, 500)}…` : ticket.message],
      area(deps, 'tab=tickets'),
      'Open the tickets',
    ),
    sms('a shopper opened a support ticket.', area(deps, 'tab=tickets')),
  );
}

/**
 * The shop's budget of code texts is spent for this hour or day (text-budget.ts): shoppers
 * are sent to email sign-in and online payment until it ends. Always sent, once per window.
 */
export function textsSpent(deps: OwnerNoticesDeps, spent: SpentWindow): void {
  const per = spent.window === 'hour' ? 'hourly' : 'daily';
  const until = formatWhen(spent.ends);
  notify(
    deps,
    'alert',
    `texts-spent:${spent.window}:${spent.since.toISOString()}`,
    { title: `Code texts paused until ${until}`, path: opens('tab=settings') },
    mail(
      `Code texts paused: the shop's ${per} budget of ${spent.limit} is spent`,
      [
        `No sign-in or cash-on-delivery codes go out by text until ${until}. Shoppers are asked to sign in with their email or to pay online meanwhile.`,
        `If this is real demand, raise ${spent.window === 'hour' ? 'SMS_CODES_PER_HOUR' : 'SMS_CODES_PER_DAY'}. If not, someone may be asking codes for numbers that never sign in (SMS pumping): the per-number and per-prefix limits and this budget cap what it costs.`,
      ],
      area(deps, 'tab=settings'),
      'Open the owner area',
    ),
    sms(
      `code texts paused until ${until}: the ${per} budget of ${spent.limit} is spent.`,
      area(deps, 'tab=settings'),
    ),
  );
}

/**
 * A product fallen to its low-stock level: stored for the list, and texted (the stock service
 * mails it, once per fall, which is what makes this once too).
 */
export function lowStockText(
  deps: OwnerNoticesDeps,
  productId: string,
  name: string,
  available: number,
): void {
  const fell = Date.now();
  deps.runInBackground(async () => {
    await store('lowStock', `low-stock:${productId}:${fell}`, {
      title: `Low stock: ${name} (${available} left)`,
      path: opens(`tab=stock&product=${productId}`),
    });
    const current = await settings();
    if (!current.lowStock) return;
    await textOwner(
      deps,
      current,
      sms(`low stock, ${name}: ${available} left.`, area(deps, 'tab=stock')),
    );
  });
}
