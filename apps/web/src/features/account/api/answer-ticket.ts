import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ticketSchema, type Ticket } from '@vanya/contracts';

import { api } from '../../../lib/api-client';
import { ACCOUNT_KEYS } from './keys';

/** The shopper's answer in a ticket's thread (POST /tickets/:id/replies), or closing it. */
export function useAnswerTicket(id: string) {
  const queryClient = useQueryClient();
  const replace = (ticket: Ticket) =>
    queryClient.setQueryData<Ticket[]>(ACCOUNT_KEYS.tickets, (list) =>
      (list ?? []).map((t) => (t.id === ticket.id ? ticket : t)),
    );
  const reply = useMutation({
    mutationFn: async (message: string) =>
      ticketSchema.parse((await api.post(`/tickets/${id}/replies`, { message })).data),
    onSuccess: replace,
  });
  const close = useMutation({
    mutationFn: async () => ticketSchema.parse((await api.post(`/tickets/${id}/close`)).data),
    onSuccess: replace,
  });
  return { reply, close };
}
