import { brand, formatINR } from '@vanya/catalog';
import type { OwnerNotice, OwnerNoticeSettings } from '@vanya/contracts';
import mongoose, { Schema } from 'mongoose';
import { doOnce } from '../../platform/db/once';
import type { Logger } from '../../platform/logger';
import type { Mailer, MailMessage } from '../mail/mailer';
import { escapeHtml, layout } from '../mail/templates';
import { SentMails } from '../orders/order-lifecycle';
import type { OrderDoc } from '../orders/order.model';

/** The owners' choice of mails: one document, every notice on until turned off. */
const settingsSchema = new Schema(
  {
    _id: { type: String, required: true },
    newOrder: { type: Boolean, default: true },
    returnRequest: { type: Boolean, default: true },
    ticket: { type: Boolean, default: true },
    lowStock: { type: Boolean, default: true },
  },
  { versionKey: false, collection: 'owner_settings' },
);
const OwnerSettingsModel = mongoose.model('OwnerSettings', settingsSchema);
const NOTICES_ID = 'notifications';
const DEFAULTS: OwnerNoticeSettings = {
  newOrder: true,
  returnRequest: true,
  ticket: true,
  lowStock: true,
};

/**
 * Mails to the owners (OWNER_EMAILS) about what waits for them: a new paid or confirmed order, a
 * return request, a ticket; each once (sent_mails), after the answer, and only while turned on.
 */
export function createOwnerNotices(deps: {
  mailer: Mailer;
  logger: Logger;
  ownerEmails: readonly string[];
  webOrigin: string;
  staleAfterMs: number;
  runInBackground: (task: () => Promise<unknown>) => void;
}) {
  async function settings(): Promise<OwnerNoticeSettings> {
    const doc = await OwnerSettingsModel.findById(NOTICES_ID).lean<OwnerNoticeSettings>();
    return {
      newOrder: doc?.newOrder ?? DEFAULTS.newOrder,
      returnRequest: doc?.returnRequest ?? DEFAULTS.returnRequest,
      ticket: doc?.ticket ?? DEFAULTS.ticket,
      lowStock: doc?.lowStock ?? DEFAULTS.lowStock,
    };
  }

  const enabled = async (kind: OwnerNotice) =>
    deps.ownerEmails.length > 0 && (await settings())[kind];

  /** Sends `mail` once per `key` in the background, when `kind` is turned on. */
  function notify(kind: OwnerNotice, key: string, mail: Omit<MailMessage, 'to'>): void {
    deps.runInBackground(async () => {
      if (!(await enabled(kind))) return;
      try {
        await doOnce(SentMails, `owner-notice:${key}`, { staleAfterMs: deps.staleAfterMs }, () =>
          deps.mailer.send({ to: deps.ownerEmails.join(', '), ...mail }),
        );
      } catch (err) {
        deps.logger.error({ err, key }, 'owner notice not sent');
      }
    });
  }

  const mail = (subject: string, lines: string[], href: string, label: string) => ({
    subject,
    text: `${lines.join('\n\n')}\n\n${label}: ${href}\n\n${brand.name}`,
    html: layout(
      subject,
      `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p><a href="${escapeHtml(href)}" style="color:${brand.colors.forest}">${escapeHtml(label)}</a></p>`,
    ),
  });
  const area = (query: string) => `${deps.webOrigin}/admin?${query}`;

  return {
    settings,
    enabled,

    async update(next: OwnerNoticeSettings): Promise<OwnerNoticeSettings> {
      await OwnerSettingsModel.updateOne({ _id: NOTICES_ID }, { $set: next }, { upsert: true });
      return settings();
    },

    /** A paid order, or a cash-on-delivery order its shopper confirmed: one to pack. */
    newOrder(order: OrderDoc): void {
      const cod = order.paymentMethod === 'cod';
      notify(
        'newOrder',
        `new-order:${String(order._id)}`,
        mail(
          `New order ${order.orderNumber}: ${formatINR(order.totals.grandTotal)}${cod ? ' cash on delivery' : ''}`,
          [
            `${order.firstName} ${order.lastName} (${order.city}, ${order.state}) ordered ${order.cartSummary}.`,
            cod
              ? `Cash on delivery: ${formatINR(order.totals.grandTotal)} to collect.`
              : `Paid: ${formatINR(order.totals.grandTotal)}.`,
          ],
          area('tab=orders&status=to_dispatch'),
          'Orders to dispatch',
        ),
      );
    },

    returnRequested(ret: { _id: unknown; orderNumber: string; reason: string }): void {
      notify(
        'returnRequest',
        `return-request:${String(ret._id)}`,
        mail(
          `Return requested for order ${ret.orderNumber}`,
          [`A shopper asks to return order ${ret.orderNumber}: ${ret.reason}`],
          area('tab=returns'),
          'Open the returns',
        ),
      );
    },

    /** The shopper's answer in a ticket's thread (the `n`th message of it). */
    ticketReplied(ticketId: unknown, n: number, message: string): void {
      notify(
        'ticket',
        `ticket-reply:${String(ticketId)}:${n}`,
        mail(
          'A shopper answered on a support ticket',
          [message.length > 500 ? `${message.slice(0, 500)}…` : message],
          area('tab=tickets'),
          'Open the tickets',
        ),
      );
    },

    ticketOpened(ticket: { _id: unknown; message: string }): void {
      notify(
        'ticket',
        `ticket:${String(ticket._id)}`,
        mail(
          'A shopper opened a support ticket',
          [ticket.message.length > 500 ? `${ticket.message.slice(0, 500)}…` : ticket.message],
          area('tab=tickets'),
          'Open the tickets',
        ),
      );
    },
  };
}

export type OwnerNotices = ReturnType<typeof createOwnerNotices>;
