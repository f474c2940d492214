import { brand, formatINR, products } from '@vanya/catalog';
import type {
  OwnerNotice,
  OwnerNoticeSettings,
  OwnerNotification,
  OwnerNotificationList,
} from '@vanya/contracts';
import { isDuplicateKey } from '../../platform/db/duplicate-key';
import { doOnce } from '../../platform/db/once';
import { withDbRetry } from '../../platform/db/retry';
import { notFound } from '../../platform/errors/app-error';
import type { Logger } from '../../platform/logger';
import type { Mailer, MailMessage } from '../mail/mailer';
import { escapeHtml, formatWhen, layout } from '../mail/templates';
import { SentMails, SentTexts } from '../orders/order-lifecycle';
import type { OrderDoc } from '../orders/order.model';
import type { SmsTransport } from '../sms/sms-transport';
import type { SpentWindow } from '../sms/text-budget';
import { OwnerNotificationModel } from './owner-notification.model';
import type { OwnerNotificationDoc } from './owner-notification.model';
import { OwnerSettingsModel } from './owner-settings.model';

const NOTICES_ID = 'notifications';
const DEFAULTS: OwnerNoticeSettings = {
  newOrder: true,
  returnRequest: true,
  ticket: true,
  lowStock: true,
  smsPhone: '',
  sms: false,
};

/** What a notice is and where it opens in the owner area. */
type Entry = { title: string; path: string };

const viewOf = (n: OwnerNotificationDoc): OwnerNotification => ({
  id: String(n._id),
  kind: n.kind as OwnerNotice,
  title: n.title,
  path: n.path,
  createdAt: n.createdAt.toISOString(),
  read: n.readAt !== null,
});

/** Stores a notice for the owner area's list, once per key. */
async function store(kind: OwnerNotice, key: string, entry: Entry): Promise<void> {
  try {
    await withDbRetry(() => OwnerNotificationModel.create({ key, kind, ...entry }));
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
  }
}

/**
 * The notices to the owners about what waits for them: a new paid or confirmed order, a return
 * request, a ticket, a product at its low-stock level. Each is stored once for the owner area's
 * list (owner_notifications, linked to its order, return, ticket or product), and mailed to
 * OWNER_EMAILS once (sent_mails), after the answer, while its kind is turned on. With `sms` (the
 * shop's gateway) and a mobile number set, each also goes as a short text to that number, once
 * (sent_texts, `owner-text:<key>`).
 */
export function createOwnerNotices(deps: {
  mailer: Mailer;
  logger: Logger;
  ownerEmails: readonly string[];
  webOrigin: string;
  staleAfterMs: number;
  runInBackground: (task: () => Promise<unknown>) => void;
  /** The SMS gateway; without it no texts go to the owner. */
  sms?: SmsTransport;
}) {
  async function settings(): Promise<OwnerNoticeSettings> {
    const doc = await OwnerSettingsModel.findById(NOTICES_ID).lean<OwnerNoticeSettings>();
    return {
      newOrder: doc?.newOrder ?? DEFAULTS.newOrder,
      returnRequest: doc?.returnRequest ?? DEFAULTS.returnRequest,
      ticket: doc?.ticket ?? DEFAULTS.ticket,
      lowStock: doc?.lowStock ?? DEFAULTS.lowStock,
      smsPhone: doc?.smsPhone ?? DEFAULTS.smsPhone,
      sms: doc?.sms ?? DEFAULTS.sms,
    };
  }

  const enabled = async (kind: OwnerNotice) =>
    deps.ownerEmails.length > 0 && (await settings())[kind];

  /** Texts `text` to the owner's number when texts are on; once per `key` when one is given. */
  async function textOwner(current: OwnerNoticeSettings, text: string, key?: string) {
    const sms = deps.sms;
    if (!sms || !current.sms || !current.smsPhone) return;
    const phone = current.smsPhone;
    try {
      if (key === undefined) await sms.send(phone, text, 'sms');
      else
        await doOnce(SentTexts, `owner-text:${key}`, { staleAfterMs: deps.staleAfterMs }, () =>
          sms.send(phone, text, 'sms'),
        );
    } catch (err) {
      deps.logger.error({ err, key }, 'owner text not sent');
    }
  }

  /**
   * Stores the notice (an alert, which is about the shop rather than an order, is not listed),
   * then sends `mail` (and `text`) once per `key`, when `kind` is turned on (an alert always goes);
   * all in the background.
   */
  function notify(
    kind: OwnerNotice | 'alert',
    key: string,
    entry: Entry,
    mail: Omit<MailMessage, 'to'>,
    text: string,
  ) {
    deps.runInBackground(async () => {
      if (kind !== 'alert') await store(kind, key, entry);
      const current = await settings();
      if (kind !== 'alert' && !current[kind]) return;
      if (deps.ownerEmails.length > 0) {
        try {
          await doOnce(SentMails, `owner-notice:${key}`, { staleAfterMs: deps.staleAfterMs }, () =>
            deps.mailer.send({ to: deps.ownerEmails.join(', '), ...mail }),
          );
        } catch (err) {
          deps.logger.error({ err, key }, 'owner notice not sent');
        }
      }
      await textOwner(current, text, key);
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
  const opens = (query: string) => `/admin?${query}`;

  /** A text to the owner: one short line and the page's link. */
  const sms = (line: string, href: string) => `${brand.name}: ${line} ${href}`;

  return {
    settings,
    enabled,

    /** The notices for the owner area, newest first, and how many are unread. */
    async list(limit: number): Promise<OwnerNotificationList> {
      const [rows, unread] = await Promise.all([
        OwnerNotificationModel.find({})
          .sort({ createdAt: -1, _id: -1 })
          .limit(limit)
          .lean<OwnerNotificationDoc[]>(),
        OwnerNotificationModel.countDocuments({ readAt: null }),
      ]);
      return { items: rows.map(viewOf), unread };
    },

    /** Marks one notice read (once: a second time changes nothing). */
    async markRead(id: string): Promise<OwnerNotification> {
      await OwnerNotificationModel.updateOne(
        { _id: id, readAt: null },
        { $set: { readAt: new Date() } },
      );
      const found = await OwnerNotificationModel.findById(id).lean<OwnerNotificationDoc>();
      if (!found) throw notFound('No such notification.', 'NOTIFICATION_NOT_FOUND');
      return viewOf(found);
    },

    async markAllRead(): Promise<void> {
      await OwnerNotificationModel.updateMany({ readAt: null }, { $set: { readAt: new Date() } });
    },

    async update(next: OwnerNoticeSettings): Promise<OwnerNoticeSettings> {
      await OwnerSettingsModel.updateOne({ _id: NOTICES_ID }, { $set: next }, { upsert: true });
      return settings();
    },

    /** A paid order, or a cash-on-delivery order its shopper confirmed: one to pack. */
    newOrder(order: OrderDoc): void {
      const cod = order.paymentMethod === 'cod';
      const title = `New order ${order.orderNumber}: ${formatINR(order.totals.grandTotal)}${cod ? ' cash on delivery' : ''}`;
      notify(
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
          area('tab=orders&status=to_dispatch'),
          'Orders to dispatch',
        ),
        sms(
          `new order ${order.orderNumber}, ${formatINR(order.totals.grandTotal)} ${cod ? 'cash on delivery' : 'paid'}.`,
          area('tab=orders&status=to_dispatch'),
        ),
      );
    },

    returnRequested(ret: { _id: unknown; orderNumber: string; reason: string }): void {
      const title = `Return requested for order ${ret.orderNumber}`;
      notify(
        'returnRequest',
        `return-request:${String(ret._id)}`,
        { title, path: opens(`tab=returns&return=${String(ret._id)}`) },
        mail(
          title,
          [`A shopper asks to return order ${ret.orderNumber}: ${ret.reason}`],
          area('tab=returns'),
          'Open the returns',
        ),
        sms(`return requested for order ${ret.orderNumber}.`, area('tab=returns')),
      );
    },

    /** The shopper's answer in a ticket's thread (the `n`th message of it). */
    ticketReplied(ticketId: unknown, n: number, message: string): void {
      notify(
        'ticket',
        `ticket-reply:${String(ticketId)}:${n}`,
        {
          title: 'A shopper answered on a support ticket',
          path: opens(`tab=tickets&ticket=${String(ticketId)}`),
        },
        mail(
          'A shopper answered on a support ticket',
          [message.length > 500 ? `${message.slice(0, 500)}…` : message],
          area('tab=tickets'),
          'Open the tickets',
        ),
        sms('a shopper answered on a support ticket.', area('tab=tickets')),
      );
    },

    ticketOpened(ticket: { _id: unknown; message: string }): void {
      notify(
        'ticket',
        `ticket:${String(ticket._id)}`,
        {
          title: 'A shopper opened a support ticket',
          path: opens(`tab=tickets&ticket=${String(ticket._id)}`),
        },
        mail(
          'A shopper opened a support ticket',
          [ticket.message.length > 500 ? `${ticket.message.slice(0, 500)}…` : ticket.message],
          area('tab=tickets'),
          'Open the tickets',
        ),
        sms('a shopper opened a support ticket.', area('tab=tickets')),
      );
    },

    /**
     * The shop's budget of code texts is spent for this hour or day (text-budget.ts): shoppers
     * are sent to email sign-in and online payment until it ends. Always sent, once per window.
     */
    textsSpent(spent: SpentWindow): void {
      const per = spent.window === 'hour' ? 'hourly' : 'daily';
      const until = formatWhen(spent.ends);
      notify(
        'alert',
        `texts-spent:${spent.window}:${spent.since.toISOString()}`,
        { title: `Code texts paused until ${until}`, path: opens('tab=settings') },
        mail(
          `Code texts paused: the shop's ${per} budget of ${spent.limit} is spent`,
          [
            `No sign-in or cash-on-delivery codes go out by text until ${until}. Shoppers are asked to sign in with their email or to pay online meanwhile.`,
            `If this is real demand, raise ${spent.window === 'hour' ? 'SMS_CODES_PER_HOUR' : 'SMS_CODES_PER_DAY'}. If not, someone may be asking codes for numbers that never sign in (SMS pumping): the per-number and per-prefix limits and this budget cap what it costs.`,
          ],
          area('tab=settings'),
          'Open the owner area',
        ),
        sms(
          `code texts paused until ${until}: the ${per} budget of ${spent.limit} is spent.`,
          area('tab=settings'),
        ),
      );
    },

    /**
     * A product fallen to its low-stock level: stored for the list, and texted (the stock service
     * mails it, once per fall, which is what makes this once too).
     */
    lowStockText(name: string, available: number): void {
      const productId = products.find((p) => p.name === name)?.id;
      const fell = Date.now();
      deps.runInBackground(async () => {
        await store('lowStock', `low-stock:${productId ?? name}:${fell}`, {
          title: `Low stock: ${name} (${available} left)`,
          path: opens(productId ? `tab=stock&product=${productId}` : 'tab=stock&show=low'),
        });
        const current = await settings();
        if (!current.lowStock) return;
        await textOwner(current, sms(`low stock, ${name}: ${available} left.`, area('tab=stock')));
      });
    },
  };
}

export type OwnerNotices = ReturnType<typeof createOwnerNotices>;
