import { brand, formatINR } from '@vanya/catalog';
import type {
  AdminReturn,
  AdminReturnActionBody,
  AdminTicket,
  ReturnStatus,
  TicketStatus,
} from '@vanya/contracts';
import { trusted } from 'mongoose';
import { claimAs } from '../../platform/db/claims';
import { withDbRetry } from '../../platform/db/retry';
import { conflict, notFound } from '../../platform/errors/app-error';
import type { Logger } from '../../platform/logger';
import { escapeHtml, layout } from '../mail/templates';
import type { Mailer } from '../mail/mailer';
import type { OrderLifecycle } from '../orders/order-lifecycle';
import { canMove } from '../orders/order-states';
import type { OrderStatus } from '@vanya/contracts';
import type { PaymentsService } from '../payments/payments.service';
import { ReturnModel, toReturnView } from '../returns/returns.routes';
import type { ReturnDoc } from '../returns/returns.routes';
import { TicketModel, toTicketView } from '../tickets/tickets.routes';
import type { TicketDoc } from '../tickets/tickets.routes';
import { UserModel } from '../users/user.model';
import { audit } from './audit';
import type { Actor } from './audit';

/** What each action of the owner does to a return: from which states, to which. */
const RETURN_MOVES: Record<
  AdminReturnActionBody['action'],
  { from: ReturnStatus[]; to: ReturnStatus }
> = {
  approve: { from: ['requested'], to: 'approved' },
  reject: { from: ['requested', 'approved'], to: 'rejected' },
  receive: { from: ['approved'], to: 'received' },
  refund: { from: ['approved', 'received'], to: 'refunded' },
};

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

/** The owner's side of returns and support tickets, with a mail to the shopper for each step. */
export function createAdminSupport(deps: {
  lifecycle: OrderLifecycle;
  payments: PaymentsService;
  mailer: Mailer;
  logger: Logger;
  webOrigin: string;
}) {
  const { lifecycle, payments, mailer, logger } = deps;

  async function tell(userId: unknown, subject: string, lines: string[]) {
    const user = await UserModel.findById(userId, { name: 1, email: 1 }).lean<{
      name: string;
      email: string;
    }>();
    if (!user) return;
    const profile = `${deps.webOrigin}/profile`;
    try {
      await mailer.send({
        to: user.email,
        subject,
        text: `Hello ${user.name},\n\n${lines.join('\n\n')}\n\nSee it in your profile: ${profile}\n\n${brand.name} · ${brand.supportEmail}`,
        html: layout(
          subject,
          `<p>Hello ${escapeHtml(user.name)},</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p><a href="${profile}">See it in your profile</a></p>`,
        ),
      });
    } catch (err) {
      logger.error({ err, subject }, 'shopper mail not sent');
    }
  }

  return {
    async listReturns(status?: ReturnStatus): Promise<AdminReturn[]> {
      const rows = await ReturnModel.find(status ? { status } : {})
        .sort({ createdAt: -1 })
        .limit(200)
        .lean<ReturnDoc[]>();
      const who = await customers(rows.map((r) => r.userId));
      return rows.map((r) => ({
        ...toReturnView(r),
        reason: r.reason,
        createdAt: r.createdAt.toISOString(),
        customerName: who.get(String(r.userId))?.name ?? '',
        customerEmail: who.get(String(r.userId))?.email ?? '',
      }));
    },

    /**
     * approve, reject, receive or refund a return. Each step is decided once (a claim on leaving
     * the return's state); a refund goes through the provider, never more than is left of the
     * payment, with a credit note, and a return that gives back the whole payment refunds the order.
     */
    async actOnReturn(actor: Actor, id: string, body: AdminReturnActionBody): Promise<AdminReturn> {
      const found = await ReturnModel.findById(id).lean<ReturnDoc>();
      if (!found) throw notFound('Return not found.', 'RETURN_NOT_FOUND');
      const move = RETURN_MOVES[body.action];
      const from = found.status as ReturnStatus;
      if (!move.from.includes(from))
        throw conflict(`A return that is ${from} cannot be ${move.to}.`, 'RETURN_MOVE_NOT_ALLOWED');
      const set: Record<string, unknown> = {
        status: move.to,
        ...(body.note ? { note: body.note } : {}),
      };
      let refundLine = '';
      if (body.action === 'refund') {
        const order = await lifecycle.read(found.orderId);
        if (!order) throw notFound('Order not found.', 'ORDER_NOT_FOUND');
        const wanted = body.refundAmount ?? found.refundAmount;
        const left = order.paymentId
          ? await payments.provider
              .fetchPayment(order.paymentId)
              .then((p) => p.amount - p.amount_refunded)
          : 0;
        if (wanted > left)
          throw conflict(
            `Only ${formatINR(left)} of this order's payment is left to refund.`,
            'REFUND_TOO_LARGE',
            { refundable: left },
          );
        if (!(await claimAs(`return-move:${id}:${from}`, `${move.to}:${actor.email}`)))
          throw conflict('The return was changed meanwhile. Please reload it.', 'RETURN_CHANGED');
        const refund = await payments.refundPaid(order, 'owner', {
          key: `return-refund-${id}`,
          amount: wanted,
          reason: `return of order ${order.orderNumber}`,
        });
        const note = await lifecycle.creditNote(order, {
          key: `return-refund-${id}`,
          amount: refund.amount,
          reason: `return of order ${order.orderNumber}`,
        });
        set.refundedAmount = refund.amount;
        if (note) set.creditNoteNumber = note.number;
        refundLine = `${formatINR(refund.amount)} is on its way back to the account you paid from; banks take 5-7 working days to show it.`;
        // Everything paid has gone back: the order itself is refunded.
        if (refund.amount === left && canMove(order.status as OrderStatus, 'refunded')) {
          try {
            await lifecycle.move(order, 'refunded', 'owner', { note: 'Returned and refunded' });
          } catch (err) {
            logger.warn({ err, orderNumber: order.orderNumber }, 'order not marked refunded');
          }
        }
      } else if (!(await claimAs(`return-move:${id}:${from}`, `${move.to}:${actor.email}`))) {
        throw conflict('The return was changed meanwhile. Please reload it.', 'RETURN_CHANGED');
      }
      // A closed return frees its order for another request (the open key was the order id).
      if (move.to === 'rejected' || move.to === 'refunded') set.openKey = `closed:${id}`;
      await withDbRetry(() => ReturnModel.updateOne({ _id: id }, { $set: set }));
      await audit(actor, `return.${body.action}`, found.orderNumber, {
        return: id,
        ...(set.refundedAmount ? { refunded: set.refundedAmount } : {}),
        ...(body.note ? { note: body.note } : {}),
      });
      await tell(
        found.userId,
        `Your return for order ${found.orderNumber}: ${move.to}`,
        [
          RETURN_MAIL[move.to],
          refundLine,
          body.note ? `Note from ${brand.name}: ${body.note}` : '',
        ].filter(Boolean),
      );
      const after = (await ReturnModel.findById(id).lean<ReturnDoc>())!;
      const who = await customers([after.userId]);
      return {
        ...toReturnView(after),
        reason: after.reason,
        createdAt: after.createdAt.toISOString(),
        customerName: who.get(String(after.userId))?.name ?? '',
        customerEmail: who.get(String(after.userId))?.email ?? '',
      };
    },

    async listTickets(status?: TicketStatus): Promise<AdminTicket[]> {
      const rows = await TicketModel.find(status ? { status } : {})
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
      const replies = [
        ...(ticket.replies ?? []),
        { by: 'owner' as const, message, at: new Date() },
      ];
      await withDbRetry(() =>
        TicketModel.updateOne(
          { _id: id },
          { $set: { replies, ...(ticket.status === 'open' ? { status: 'in_progress' } : {}) } },
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
