import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TICKET_ATTACHMENT_FIELD, ticketSchema, type Ticket } from '@vanya/contracts';

import { api } from '../../../lib/api-client';
import { ACCOUNT_KEYS } from './keys';

export type NewTicket = { message: string; attachment?: File | null };

/** POST /tickets as multipart: the message text and, optionally, one file. */
export async function createTicket({ message, attachment }: NewTicket): Promise<Ticket> {
  const form = new FormData();
  form.append('message', message);
  if (attachment) form.append(TICKET_ATTACHMENT_FIELD, attachment, attachment.name);
  const { data } = await api.post('/tickets', form);
  return ticketSchema.parse(data);
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    onSuccess: (created) =>
      queryClient.setQueryData<Ticket[]>(ACCOUNT_KEYS.tickets, (list) => [
        created,
        ...(list ?? []),
      ]),
  });
}
