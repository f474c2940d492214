import type { Types } from 'mongoose';
import type { MailMessage } from '../mail/mailer';
import type { OrderDoc } from './order.model';
import type { ManualRefund, RefundDoc } from './refund.model';
import { refundOrder, refundReturn, settlePending } from './refund-decisions';
import { refundsContext } from './refund-records';
import type { RefundsDeps } from './refund-records';
import { settle } from './refund-settling';

export { orderRefundKey, REFUNDABLE_RETURN, returnRefundKey } from './refund-records';
export type { RefundsDeps } from './refund-records';

/**
 * Money going back to the shopper: each refund is decided once (refund-decisions.ts: an order's,
 * a return's), then settled step by step (refund-settling.ts); the records and the context the
 * steps share are refund-records.ts.
 */
export function createRefunds(deps: RefundsDeps) {
  const ctx = refundsContext(deps);
  return {
    settle: (refund: RefundDoc) => settle(ctx, refund),
    refundOrder: (
      order: OrderDoc,
      to: 'cancelled' | 'refunded',
      by: RefundDoc['by'],
      note?: string,
      manual: ManualRefund | null = null,
    ) => refundOrder(ctx, order, to, by, note, manual),
    refundReturn: (
      ret: { _id: Types.ObjectId; orderId: Types.ObjectId; orderNumber: string },
      order: OrderDoc,
      amount: number,
      mail: (amount: number) => Promise<MailMessage | null>,
      note?: string,
      manual: ManualRefund | null = null,
    ) => refundReturn(ctx, ret, order, amount, mail, note, manual),
    settlePending: () => settlePending(ctx),
  };
}

export type Refunds = ReturnType<typeof createRefunds>;
