import { brand, formatINR } from '@vanya/catalog';
import { canMove, OPEN_RETURNS, RETURN_ACTION_MOVES_TO, RETURN_MOVES } from '@vanya/contracts';
import type {
  AdminReturn,
  AdminReturnActionBody,
  AdminReturnQuery,
  ReturnStatus,
} from '@vanya/contracts';
import { trusted } from 'mongoose';
import { withDbRetry } from '../../platform/db/retry';
import { badRequest, conflict, notFound } from '../../platform/errors/app-error';
import { RefundModel } from '../orders/refund.model';
import { returnRefundKey } from '../orders/refunds';
import { OrderModel } from '../orders/order.model';
import { ReturnModel, toReturnView } from '../returns/return.model';
import type { ReturnDoc } from '../returns/return.model';
import { audit } from '../../platform/audit/audit';
import type { Actor } from '../../platform/audit/audit';
import { customers, shopperMail, tell } from './support-mail';
import type { AdminSupportDeps } from './support-mail';

const RETURN_MAIL: Record<ReturnStatus, string> = {
  requested: 'We have your return request.',
  approved:
    'Your return is approved. Please send the items back; we will refund you once they arrive.',
  received: 'We have received the items you sent back. Your refund follows shortly.',
  refunded: 'Your return is refunded.',
  rejected: 'We could not accept your return.',
};

/** What each order held, by order id: the items a return brings back. */
async function itemsOf(orderIds: unknown[]) {
  const orders = await OrderModel.find({ _id: trusted({ $in: orderIds }) }, { lines: 1 }).lean<
    { _id: unknown; lines: { name: string; quantity: number }[] }[]
  >();
  return new Map(
    orders.map((o) => [
      String(o._id),
      o.lines.map((l) => ({ name: l.name, quantity: l.quantity })),
    ]),
  );
}

/** The owner marked the returned items fit to sell: the order's units go back, once. */
async function restock(deps: Pick<AdminSupportDeps, 'lifecycle'>, orderId: unknown): Promise<void> {
  const order = await deps.lifecycle.read(String(orderId));
  if (order) await deps.lifecycle.restockReturn(order);
}

/** Returns as the owner sees them: with the items coming back and who sends them. */
async function adminReturns(rows: ReturnDoc[]): Promise<AdminReturn[]> {
  const [who, items] = await Promise.all([
    customers(rows.map((r) => r.userId)),
    itemsOf(rows.map((r) => r.orderId)),
  ]);
  return rows.map((r) => ({
    ...toReturnView(r),
    items: items.get(String(r.orderId)) ?? [],
    reason: r.reason,
    createdAt: r.createdAt.toISOString(),
    customerName: who.get(String(r.userId))?.name ?? '',
    customerEmail: who.get(String(r.userId))?.email ?? '',
  }));
}

const returnView = async (id: string): Promise<AdminReturn> =>
  (await adminReturns([(await ReturnModel.findById(id).lean<ReturnDoc>())!]))[0]!;

export async function listReturns(status?: AdminReturnQuery['status']): Promise<AdminReturn[]> {
  const filter =
    status === 'open' ? { status: trusted({ $in: [...OPEN_RETURNS] }) } : status ? { status } : {};
  return adminReturns(
    await ReturnModel.find(filter).sort({ createdAt: -1 }).limit(200).lean<ReturnDoc[]>(),
  );
}

/**
 * A return's refund: decided once through refunds.refundReturn (never more than is left of the
 * payment) with the shopper's mail; `halfDone` is the owner's retry of one a crash left pending.
 */
async function refundTheReturn(
  deps: AdminSupportDeps,
  actor: Actor,
  id: string,
  found: ReturnDoc,
  body: AdminReturnActionBody,
  halfDone: boolean,
): Promise<AdminReturn> {
  const { lifecycle, refunds } = deps;
  const order = await lifecycle.load(found.orderId);
  // Cash paid at the door has no payment to refund: the owner sends it and says how.
  const manual =
    order.paymentMethod === 'cod' && body.refundMethod && body.refundReference
      ? { method: body.refundMethod, reference: body.refundReference }
      : null;
  if (order.paymentMethod === 'cod' && !manual && !halfDone)
    throw badRequest(
      'Say how you sent the refund (UPI or bank transfer) and its reference.',
      'REFUND_DETAILS_REQUIRED',
    );
  const settled = await refunds.refundReturn(
    found,
    order,
    body.refundAmount ?? found.refundAmount,
    (amount) =>
      shopperMail(
        deps,
        found.userId,
        `Your return for order ${found.orderNumber}: refunded`,
        [
          RETURN_MAIL.refunded,
          manual
            ? `We have sent you ${formatINR(amount)} by ${manual.method === 'upi' ? 'UPI' : 'bank transfer'} (reference ${manual.reference}).`
            : `${formatINR(amount)} is on its way back to the account you paid from; banks take 5-7 working days to show it.`,
          body.note ? `Note from ${brand.name}: ${body.note}` : '',
        ].filter(Boolean),
      ),
    body.note,
    manual,
  );
  if (!settled)
    throw conflict('The return was changed meanwhile. Please reload it.', 'RETURN_CHANGED');
  if (body.restock) await restock(deps, found.orderId);
  if (!halfDone)
    await audit(actor, 'return.refund', found.orderNumber, {
      return: id,
      refunded: settled.amount,
      ...(body.note ? { note: body.note } : {}),
      ...(body.restock ? { restock: true } : {}),
    });
  return returnView(id);
}

/**
 * approve, reject, receive or refund a return. Each step is one status-guarded update; a
 * refund is decided once and settled like every refund (orders/refunds.ts): the return moves,
 * the money goes back through the provider (never more than is left of the payment), the
 * credit note and the mail follow, and a crash anywhere is finished by the owner's retry or by
 * reconciliation.
 */
export async function actOnReturn(
  deps: AdminSupportDeps,
  actor: Actor,
  id: string,
  body: AdminReturnActionBody,
): Promise<AdminReturn> {
  const found = await ReturnModel.findById(id).lean<ReturnDoc>();
  if (!found) throw notFound('Return not found.', 'RETURN_NOT_FOUND');
  const to = RETURN_ACTION_MOVES_TO[body.action];
  const from = found.status as ReturnStatus;
  // The owner's retry of a refund a crash left half-done finishes it.
  const halfDone =
    body.action === 'refund' &&
    from === 'refunded' &&
    (await RefundModel.exists({ _id: returnRefundKey(id), state: 'pending' })) !== null;
  if (!canMove(RETURN_MOVES, from, to) && !halfDone)
    throw conflict(`A return that is ${from} cannot be ${to}.`, 'RETURN_MOVE_NOT_ALLOWED');
  if (body.action === 'refund') return refundTheReturn(deps, actor, id, found, body, halfDone);
  const moved = await withDbRetry(() =>
    ReturnModel.findOneAndUpdate(
      { _id: id, status: from },
      {
        $set: {
          status: to,
          ...(body.note ? { note: body.note } : {}),
          // A closed return frees its order for another request (the open key was the order id).
          ...(to === 'rejected' ? { openKey: `closed:${id}` } : {}),
        },
      },
      { returnDocument: 'after' },
    ).lean<ReturnDoc>(),
  );
  if (!moved)
    throw conflict('The return was changed meanwhile. Please reload it.', 'RETURN_CHANGED');
  const restocked = body.restock === true && body.action === 'receive';
  if (restocked) await restock(deps, found.orderId);
  await audit(actor, `return.${body.action}`, found.orderNumber, {
    return: id,
    ...(body.note ? { note: body.note } : {}),
    ...(restocked ? { restock: true } : {}),
  });
  await tell(
    deps,
    found.userId,
    `Your return for order ${found.orderNumber}: ${to}`,
    [RETURN_MAIL[to], body.note ? `Note from ${brand.name}: ${body.note}` : ''].filter(Boolean),
  );
  return returnView(id);
}
