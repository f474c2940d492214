import { queryOptions, useQuery } from '@tanstack/react-query';
import { ticketListSchema, type Ticket } from '@vanya/contracts';

import { api } from '../../../lib/api-client';
import { ACCOUNT_KEYS } from './keys';

/** GET /tickets: the user's support tickets, newest first. */
export async function getTickets(): Promise<Ticket[]> {
  const { data } = await api.get('/tickets');
  return ticketListSchema.parse(data);
}

export function ticketsQueryOptions() {
  return queryOptions({ queryKey: ACCOUNT_KEYS.tickets, queryFn: getTickets });
}

export function useTickets() {
  return useQuery(ticketsQueryOptions());
}
