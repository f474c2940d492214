import { brand, formatINR } from '@vanya/catalog';
import {
  ACTIVE_TICKETS,
  canMove,
  OPEN_RETURNS,
  RETURN_ACTION_MOVES_TO,
  RETURN_MOVES,
} from '@vanya/contracts';
import type {
  AdminReturn,
  AdminReturnActionBody,
  AdminReturnQuery,
  AdminTicket,
  AdminTicketQuery,
  ReturnStatus,
  TicketStatus,
} from '@vanya/contracts';
import { trusted } from 'mongoose';
import { withDbRetry } from '../../platform/db/retry';
import { badRequest, conflict, notFound } from '../../platform/errors/app-error';
import type { Logger } from '../../platform/logger';
import { escapeHtml, layout } from '../mail/templates';
import type { Mailer, MailMessage } from '../mail/mailer';
import type { OrderLifecycle } from '../orders/order-lifecycle';
import { RefundModel } from '../orders/refund.model';
import { returnRefundKey } from '../orders/refunds';
import type { Refunds } from '../orders/refunds';
import { OrderModel } from '../orders/order.model';
import { ReturnModel, toReturnView } from '../returns/return.model';
import type { ReturnDoc } from '../returns/return.model';
import { TicketModel, toTicketView } from '../tickets/ticket.model';
import type { TicketDoc } from '../tickets/ticket.model';
import { UserModel } from '../users/user.model';
import { audit } from '../../platform/audit/audit';
import type { Actor } from '../../platform/audit/audit';

const RETURN_MAIL: Record<ReturnStatus, string> = {
  requested: 'We have your return request.',
  approved:
    'Your return is approved. Please send the items back; we will refund you once they arrive.',
  received: 'We have received the items you sent back. Your refund follows shortly.',
  refunded: 'Your return is refunded.',
  rejected: 'We could not accept your return.',
};

async function customers(userIds: unknown[]) {
  const users = await UserModel.find(
    { _id: trusted({ $in: userIds }) },
    { name: 1, email: 1 },
  ).lean<{ _id: unknown; name: string; email: string }[]>();
  return new Map(users.map((u) => [String(u._id), u]));
}

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

/** The owner's side of returns and support tickets, with a mail to the shopper for each step. */
export function createAdminSupport(deps: {
  lifecycle: OrderLifecycle;
  refunds: Refunds;
  mailer: Mailer;
  logger: Logger;
  webOrigin: string;
}) {
  const { lifecycle, refunds, mailer, logger } = deps;

  /** A mail to the shopper about their return or ticket, with a link to their profile. */
  async function shopperMail(
    userId: unknown,
    subject: string,
    lines: string[],
  ): Promise<MailMessage | null> {
    const user = await UserModel.findById(userId, { name: 1, email: 1 }).lean<{
      name: string;
      email?: string;
    }>();
    // An account made by phone sign-in may have no email yet: it sees the news in its profile.
    if (!user?.email) return null;
    const profile = `${deps.webOrigin}/profile`;
    return {
      to: user.email,
      subject,
      text: `Hello ${user.name},\n\n${lines.join('\n\n')}\n\nSee it in your profile: ${profile}\n\n${brand.name} · ${brand.supportEmail}`,
      html: layout(
        subject,
        `<p>Hello ${escapeHtml(user.name)},</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p><a href="${profile}">See it in your profile</a></p>`,
      ),
    };
  }

  async function tell(userId: unknown, subject: string, lines: string[]) {
    const mail = await shopperMail(userId, subject, lines);
    if (!mail) return;
    try {
      await mailer.send(mail);
    } catch (err) {
      logger.error({ err, subject }, 'shopper mail not sent');
    }
  }

  /** The owner marked the returned items fit to sell: the order's units go back, once. */
  async function restock(orderId: unknown): Promise<void> {
    const order = await lifecycle.read(String(orderId));
    if (order) await lifecycle.restockReturn(order);
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

  return {
    async listReturns(status?: AdminReturnQuery['status']): Promise<AdminReturn[]> {
      const filter =
        status === 'open'
          ? { status: trusted({ $in: [...OPEN_RETURNS] }) }
          : status
            ? { status }
            : {};
      return adminReturns(
        await ReturnModel.find(filter).sort({ createdAt: -1 }).limit(200).lean<ReturnDoc[]>(),
      );
    },

    /**
     * approve, reject, receive or refund a return. Each step is one status-guarded update; a
     * refund is decided once and settled like every refund (orders/refunds.ts): the return moves,
     * the money goes back through the provider (never more than is left of the payment), the
     * credit note and the mail follow, and a crash anywhere is finished by the owner's retry or by
     * reconciliation.
     */
    async actOnReturn(actor: Actor, id: string, body: AdminReturnActionBody): Promise<AdminReturn> {
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
      if (body.action === 'refund') {
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
        if (body.restock) await restock(found.orderId);
        if (!halfDone)
          await audit(actor, 'return.refund', found.orderNumber, {
            return: id,
            refunded: settled.amount,
            ...(body.note ? { note: body.note } : {}),
            ...(body.restock ? { restock: true } : {}),
          });
        return returnView(id);
      }
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
      if (restocked) await restock(found.orderId);
      await audit(actor, `return.${body.action}`, found.orderNumber, {
        return: id,
        ...(body.note ? { note: body.note } : {}),
        ...(restocked ? { restock: true } : {}),
      });
      await tell(
        found.userId,
        `Your return for order ${found.orderNumber}: ${to}`,
        [RETURN_MAIL[to], body.note ? `Note from ${brand.name}: ${body.note}` : ''].filter(Boolean),
      );
      return returnView(id);
    },

    async listTickets(status?: AdminTicketQuery['status']): Promise<AdminTicket[]> {
      const filter =
        status === 'active'
          ? { status: trusted({ $in: [...ACTIVE_TICKETS] }) }
          : status
            ? { status }
            : {};
      const rows = await TicketModel.find(filter)
        .sort({ createdAt: -1 })
        .limit(200)
        .lean<TicketDoc[]>();
      const who = await customers(rows.map((r) => r.userId));
      return rows.map((t) => ({
        ...toTicketView(t),
        customerName: who.get(String(t.userId))?.name ?? '',
        customerEmail: who.get(String(t.userId))?.email ?? '',
      }));
    },

    /** The owner answers: the reply joins the thread, an open ticket is in progress, the shopper is mailed. */
    async reply(actor: Actor, id: string, message: string): Promise<AdminTicket> {
      const ticket = await TicketModel.findById(id).lean<TicketDoc>();
      if (!ticket) throw notFound('Ticket not found.', 'TICKET_NOT_FOUND');
      await withDbRetry(() =>
        TicketModel.updateOne(
          { _id: id },
          {
            $push: { replies: { by: 'owner', message, at: new Date() } },
            ...(ticket.status === 'open' ? { $set: { status: 'in_progress' } } : {}),
          },
        ),
      );
      await audit(actor, 'ticket.reply', id);
      await tell(ticket.userId, `${brand.name} replied to your message`, [
        `You wrote: "${ticket.message.slice(0, 200)}${ticket.message.length > 200 ? '…' : ''}"`,
        `Our reply: ${message}`,
      ]);
      const after = (await TicketModel.findById(id).lean<TicketDoc>())!;
      return { ...toTicketView(after), customerName: '', customerEmail: '' };
    },

    async setTicketStatus(actor: Actor, id: string, status: TicketStatus): Promise<AdminTicket> {
      const updated = await TicketModel.findOneAndUpdate(
        { _id: id },
        { $set: { status } },
        { returnDocument: 'after' },
      ).lean<TicketDoc>();
      if (!updated) throw notFound('Ticket not found.', 'TICKET_NOT_FOUND');
      await audit(actor, `ticket.${status}`, id);
      return { ...toTicketView(updated), customerName: '', customerEmail: '' };
    },
  };
}

export type AdminSupport = ReturnType<typeof createAdminSupport>;
