import type { AdminOrderDetail } from '@vanya/contracts';
import { trusted } from 'mongoose';
import { invoiceLink } from '../invoices/invoices.routes';
import { actionsFor, liveBooking } from '../orders/order-actions';
import { SentMails, SentTexts } from '../orders/order-lifecycle';
import type { OrderDoc } from '../orders/order.model';
import { toOrderView } from '../orders/orders.service';
import { RefundModel } from '../orders/refund.model';
import { PaymentEventModel } from '../payments/payment-event.model';
import type { AdminOrdersContext } from './admin-orders-context';

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

/** One order as the owner reads it: its moves, payment events, invoice, hold and messages. */
export async function detail(
  ctx: Pick<AdminOrdersContext, 'lifecycle' | 'linkSecret' | 'now'>,
  id: string,
): Promise<AdminOrderDetail> {
  const order = await ctx.lifecycle.load(id);
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
            downloadUrl: invoiceLink(ctx.linkSecret, String(order._id), ctx.now()),
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
