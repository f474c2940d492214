import type { OwnerNotice } from '@vanya/contracts';
import type { OrderDoc } from '../orders/order.model';
import type { SpentWindow } from '../sms/text-budget';
import {
  lowStockText,
  newOrder,
  returnRequested,
  textsSpent,
  ticketOpened,
  ticketReplied,
} from './owner-notice-kinds';
import { list, markAllRead, markRead, update } from './owner-notice-list';
import { enabled, settings } from './owner-notice-sending';
import type { OwnerNoticesDeps } from './owner-notice-sending';

export type { OwnerNoticesDeps } from './owner-notice-sending';

/**
 * The notices to the owners about what waits for them: a new paid or confirmed order, a return
 * request, a ticket, a product at its low-stock level. Each is stored once for the owner area's
 * list (owner_notifications, linked to its order, return, ticket or product), and mailed to
 * OWNER_EMAILS once (sent_mails), after the answer, while its kind is turned on. With `sms` (the
 * shop's gateway) and a mobile number set, each also goes as a short text to that number, once
 * (sent_texts, `owner-text:<key>`).
 *
 * Each operation is a function of its seam's file: storing, mailing and texting a notice and the
 * owners' settings (owner-notice-sending.ts), each kind of notice (owner-notice-kinds.ts), the
 * owner area's list (owner-notice-list.ts).
 */
export function createOwnerNotices(deps: OwnerNoticesDeps) {
  return {
    settings,
    enabled: (kind: OwnerNotice) => enabled(deps, kind),
    list,
    markRead,
    markAllRead,
    update,
    newOrder: (order: OrderDoc): void => newOrder(deps, order),
    returnRequested: (ret: { _id: unknown; orderNumber: string; reason: string }): void =>
      returnRequested(deps, ret),
    ticketReplied: (ticketId: unknown, n: number, message: string): void =>
      ticketReplied(deps, ticketId, n, message),
    ticketOpened: (ticket: { _id: unknown; message: string }): void => ticketOpened(deps, ticket),
    textsSpent: (spent: SpentWindow): void => textsSpent(deps, spent),
    lowStockText: (productId: string, name: string, available: number): void =>
      lowStockText(deps, productId, name, available),
  };
}

export type OwnerNotices = ReturnType<typeof createOwnerNotices>;
