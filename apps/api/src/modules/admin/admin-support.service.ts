import type {
  AdminReturnActionBody,
  AdminReturnQuery,
  AdminTicketQuery,
  TicketStatus,
} from '@vanya/contracts';
import type { Actor } from '../../platform/audit/audit';
import { actOnReturn, listReturns } from './admin-returns';
import { listTickets, reply, setTicketStatus } from './admin-tickets';
import type { AdminSupportDeps } from './support-mail';

export type { AdminSupportDeps } from './support-mail';

/**
 * The owner's side of returns and support tickets, with a mail to the shopper for each step.
 * Each operation is a function of its seam's file given the one deps object: returns
 * (admin-returns.ts), tickets (admin-tickets.ts); the shopper's mail is support-mail.ts.
 */
export function createAdminSupport(deps: AdminSupportDeps) {
  return {
    listReturns: (status?: AdminReturnQuery['status']) => listReturns(status),
    actOnReturn: (actor: Actor, id: string, body: AdminReturnActionBody) =>
      actOnReturn(deps, actor, id, body),
    listTickets: (status?: AdminTicketQuery['status']) => listTickets(status),
    reply: (actor: Actor, id: string, message: string) => reply(deps, actor, id, message),
    setTicketStatus: (actor: Actor, id: string, status: TicketStatus) =>
      setTicketStatus(actor, id, status),
  };
}

export type AdminSupport = ReturnType<typeof createAdminSupport>;
