import { brand } from '@vanya/catalog';
import type { OwnerNotice, OwnerNoticeSettings } from '@vanya/contracts';
import { isDuplicateKey } from '../../platform/db/duplicate-key';
import { doOnce } from '../../platform/db/once';
import { withDbRetry } from '../../platform/db/retry';
import type { Logger } from '../../platform/logger';
import type { Mailer, MailMessage } from '../mail/mailer';
import { escapeHtml, layout } from '../mail/templates';
import { SentMails, SentTexts } from '../orders/order-lifecycle';
import type { SmsTransport } from '../sms/sms-transport';
import { OwnerNotificationModel } from './owner-notification.model';
import { OwnerSettingsModel } from './owner-settings.model';

export interface OwnerNoticesDeps {
  mailer: Mailer;
  logger: Logger;
  ownerEmails: readonly string[];
  webOrigin: string;
  staleAfterMs: number;
  runInBackground: (task: () => Promise<unknown>) => void;
  /** The SMS gateway; without it no texts go to the owner. */
  sms?: SmsTransport;
}

export const NOTICES_ID = 'notifications';
const DEFAULTS: OwnerNoticeSettings = {
  newOrder: true,
  returnRequest: true,
  ticket: true,
  lowStock: true,
  smsPhone: '',
  sms: false,
};

/** What a notice is and where it opens in the owner area. */
export type Entry = { title: string; path: string };

/** Stores a notice for the owner area's list, once per key. */
export async function store(kind: OwnerNotice, key: string, entry: Entry): Promise<void> {
  try {
    await withDbRetry(() => OwnerNotificationModel.create({ key, kind, ...entry }));
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
  }
}

export async function settings(): Promise<OwnerNoticeSettings> {
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

export const enabled = async (deps: Pick<OwnerNoticesDeps, 'ownerEmails'>, kind: OwnerNotice) =>
  deps.ownerEmails.length > 0 && (await settings())[kind];

/** Texts `text` to the owner's number when texts are on; once per `key` when one is given. */
export async function textOwner(
  deps: Pick<OwnerNoticesDeps, 'sms' | 'staleAfterMs' | 'logger'>,
  current: OwnerNoticeSettings,
  text: string,
  key?: string,
) {
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
export function notify(
  deps: OwnerNoticesDeps,
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
    await textOwner(deps, current, text, key);
  });
}

export const mail = (subject: string, lines: string[], href: string, label: string) => ({
  subject,
  text: `${lines.join('\n\n')}\n\n${label}: ${href}\n\n${brand.name}`,
  html: layout(
    subject,
    `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p><a href="${escapeHtml(href)}" style="color:${brand.colors.forest}">${escapeHtml(label)}</a></p>`,
  ),
});
export const area = (deps: Pick<OwnerNoticesDeps, 'webOrigin'>, query: string) =>
  `${deps.webOrigin}/admin?${query}`;
export const opens = (query: string) => `/admin?${query}`;

/** A text to the owner: one short line and the page's link. */
export const sms = (line: string, href: string) => `${brand.name}: ${line} ${href}`;
