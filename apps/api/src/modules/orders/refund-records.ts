import type { ReturnStatus } from '@vanya/contracts';
import type { Types } from 'mongoose';
import { isDuplicateKey } from '../../platform/db/duplicate-key';
import { withDbRetry } from '../../platform/db/retry';
import type { Logger } from '../../platform/logger';
import type { Mailer } from '../mail/mailer';
import type { PaymentProvider } from '../payments/payment-provider';
import type { OrderLifecycle } from './order-lifecycle';
import type { OrderDoc } from './order.model';
import { RefundModel } from './refund.model';
import type { RefundDoc } from './refund.model';

/** A return is refunded from these states. */
export const REFUNDABLE_RETURN: ReturnStatus[] = ['approved', 'received'];

/** What the shopper paid: the provider's capture, or cash collected at the door. */
const paidFor = (order: OrderDoc) => Boolean(order.paymentId) || order.codStatus === 'collected';

export const orderRefundKey = (orderId: Types.ObjectId | string) => `order-refund-${orderId}`;
export const returnRefundKey = (returnId: Types.ObjectId | string) => `return-refund-${returnId}`;

export interface RefundsDeps {
  provider: PaymentProvider;
  lifecycle: OrderLifecycle;
  mailer: Mailer;
  logger: Logger;
  staleAfterMs: number;
  now?: () => number;
}

/** The refunds' deps as each of their functions takes them: `now` settled once. */
export type RefundsContext = RefundsDeps & { now: () => number };

export function refundsContext(deps: RefundsDeps): RefundsContext {
  return { ...deps, now: deps.now ?? Date.now };
}

/** What is left of the order's payment: its amount less every refund decided on it. */
export async function refundable(order: OrderDoc, except?: string): Promise<number> {
  if (!paidFor(order)) return 0;
  const refunds = await withDbRetry(() =>
    RefundModel.find({ orderId: order._id }, { amount: 1 }).lean<RefundDoc[]>(),
  );
  const taken = refunds.filter((r) => r._id !== except).reduce((sum, r) => sum + r.amount, 0);
  return Math.max(0, order.totals.grandTotal - taken);
}

/** Records a refund decision once; answers the one recorded (a retry's, or a rival's). */
export async function record(
  refund: Omit<RefundDoc, 'state' | 'providerRefundId' | 'creditNoteNumber' | 'createdAt'>,
) {
  try {
    const created = await withDbRetry(() => RefundModel.create(refund));
    return created.toObject() as unknown as RefundDoc;
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
    return (await RefundModel.findById(refund._id).lean<RefundDoc>())!;
  }
}

export const setRefund = (id: string, fields: Record<string, unknown>) =>
  withDbRetry(() =>
    RefundModel.findOneAndUpdate(
      { _id: id },
      { $set: fields },
      { returnDocument: 'after' },
    ).lean<RefundDoc>(),
  );
