import { brand } from '@vanya/catalog';
import { ACTIVE_TICKETS } from '@vanya/contracts';
import type { AdminTicket, AdminTicketQuery, TicketStatus } from '@vanya/contracts';
import { trusted } from 'mongoose';
import { withDbRetry } from '../../platform/db/retry';
import { notFound } from '../../platform/errors/app-error';
import { audit } from '../../platform/audit/audit';
import type { Actor } from '../../platform/audit/audit';
import { TicketModel, toTicketView } from '../tickets/ticket.model';
import type { TicketDoc } from '../tickets/ticket.model';
import { customers, tell } from './support-mail';
import type { AdminSupportDeps } from './support-mail';

export async function listTickets(status?: AdminTicketQuery['status']): Promise<AdminTicket[]> {
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
}

/** The owner answers: the reply joins the thread, an open ticket is in progress, the shopper is mailed. */
export async function reply(
  deps: AdminSupportDeps,
  actor: Actor,
  id: string,
  message: string,
): Promise<AdminTicket> {
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
  await tell(deps, ticket.userId, `${brand.name} replied to your message`, [
    `You wrote: "${ticket.message.slice(0, 200)}${ticket.message.length > 200 ? '…' : ''}"`,
    `Our reply: ${message}`,
  ]);
  const after = (await TicketModel.findById(id).lean<TicketDoc>())!;
  return { ...toTicketView(after), customerName: '', customerEmail: '' };
}

export async function setTicketStatus(
  actor: Actor,
  id: string,
  status: TicketStatus,
): Promise<AdminTicket> {
  const updated = await TicketModel.findOneAndUpdate(
    { _id: id },
    { $set: { status } },
    { returnDocument: 'after' },
  ).lean<TicketDoc>();
  if (!updated) throw notFound('Ticket not found.', 'TICKET_NOT_FOUND');
  await audit(actor, `ticket.${status}`, id);
  return { ...toTicketView(updated), customerName: '', customerEmail: '' };
}
