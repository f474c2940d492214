import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminMessageListSchema,
  adminOrderDetailSchema,
  adminOrderListSchema,
  adminPackManyResultSchema,
  adminReturnListSchema,
  adminSummarySchema,
  adminTicketListSchema,
  adminWaitlistSchema,
  gstExportSchema,
  ownerNotificationListSchema,
  ownerNotificationSchema,
  type AdminOrderListQuery,
  type AdminOrderStatusBody,
  type AdminReturnActionBody,
  type AdminReturnQuery,
  type AdminTicket,
  type AdminTicketQuery,
} from '@vanya/contracts';

import { api } from '../../../lib/api-client';

// The owner area's requests. They live in one file rather than one per request (the house habit)
// because they are one screen's, read together, and all invalidate the same keys.

export const ADMIN_KEYS = {
  all: ['admin'] as const,
  summary: ['admin', 'summary'] as const,
  orders: (query: Partial<AdminOrderListQuery>) => ['admin', 'orders', query] as const,
  order: (id: string) => ['admin', 'order', id] as const,
  returns: (status?: AdminReturnQuery['status']) => ['admin', 'returns', status ?? 'all'] as const,
  tickets: (status?: AdminTicketQuery['status']) => ['admin', 'tickets', status ?? 'all'] as const,
  messages: ['admin', 'messages'] as const,
  notifications: ['admin', 'notifications'] as const,
  waitlist: ['admin', 'waitlist'] as const,
  gst: (from: string, to: string) => ['admin', 'gst', from, to] as const,
};

export const summaryQuery = () =>
  queryOptions({
    queryKey: ADMIN_KEYS.summary,
    queryFn: async () => adminSummarySchema.parse((await api.get('/admin/summary')).data),
    retry: false,
  });

export function useAdminOrders(query: Partial<AdminOrderListQuery>) {
  return useQuery({
    queryKey: ADMIN_KEYS.orders(query),
    queryFn: async () =>
      adminOrderListSchema.parse((await api.get('/admin/orders', { params: query })).data),
    placeholderData: (previous) => previous,
  });
}

export function useAdminOrder(id: string | undefined) {
  return useQuery({
    queryKey: ADMIN_KEYS.order(id ?? ''),
    queryFn: async () => adminOrderDetailSchema.parse((await api.get(`/admin/orders/${id}`)).data),
    enabled: Boolean(id),
  });
}

export function useMoveOrder(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: AdminOrderStatusBody) =>
      adminOrderDetailSchema.parse((await api.post(`/admin/orders/${id}/status`, body)).data),
    onSuccess: (detail) => {
      client.setQueryData(ADMIN_KEYS.order(id), detail);
      void client.invalidateQueries({ queryKey: ADMIN_KEYS.all });
    },
  });
}

/** The packing slip is a PDF behind the owner's session: fetched, then opened as a blob. */
export async function openPackingSlip(id: string): Promise<void> {
  const { data } = await api.get(`/admin/orders/${id}/packing-slip`, { responseType: 'blob' });
  window.open(URL.createObjectURL(data as Blob), '_blank', 'noopener');
}

/** Every slip of the orders waiting to be packed, in one PDF (the day's packing). */
export async function openPackingSlips(): Promise<void> {
  const { data } = await api.get('/admin/packing-slips', { responseType: 'blob' });
  window.open(URL.createObjectURL(data as Blob), '_blank', 'noopener');
}

/** The shipping labels of every booked parcel waiting for its pickup, in one PDF. */
export async function openLabels(): Promise<void> {
  const { data } = await api.get('/admin/labels', { responseType: 'blob' });
  window.open(URL.createObjectURL(data as Blob), '_blank', 'noopener');
}

/** POST /admin/packing: several orders marked packed; the refused ones say why. */
export function usePackMany() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (ids: string[]) =>
      adminPackManyResultSchema.parse((await api.post('/admin/packing', { ids })).data),
    onSuccess: () => void client.invalidateQueries({ queryKey: ADMIN_KEYS.all }),
  });
}

export function useAdminReturns(status?: AdminReturnQuery['status']) {
  return useQuery({
    queryKey: ADMIN_KEYS.returns(status),
    queryFn: async () =>
      adminReturnListSchema.parse((await api.get('/admin/returns', { params: { status } })).data),
  });
}

export function useReturnAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...body }: AdminReturnActionBody & { id: string }) =>
      (await api.post(`/admin/returns/${id}`, body)).data,
    onSuccess: () => client.invalidateQueries({ queryKey: ADMIN_KEYS.all }),
  });
}

export function useAdminTickets(status?: AdminTicketQuery['status']) {
  return useQuery({
    queryKey: ADMIN_KEYS.tickets(status),
    queryFn: async () =>
      adminTicketListSchema.parse((await api.get('/admin/tickets', { params: { status } })).data),
  });
}

export function useTicketReply() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, message }: { id: string; message: string }) =>
      (await api.post(`/admin/tickets/${id}/replies`, { message })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: ADMIN_KEYS.all }),
  });
}

export function useTicketStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, status }: { id: string; status: AdminTicket['status'] }) =>
      (await api.post(`/admin/tickets/${id}/status`, { status })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: ADMIN_KEYS.all }),
  });
}

/**
 * The contact messages (listing marks them read). Only the unread ones (the dashboard's tile):
 * asked once each time the list opens and kept while it is open, since asking again would find
 * them read.
 */
export function useAdminMessages(onlyUnread = false) {
  return useQuery({
    queryKey: [...ADMIN_KEYS.messages, onlyUnread ? 'unread' : 'all'],
    queryFn: async () =>
      adminMessageListSchema.parse(
        (await api.get('/admin/messages', { params: onlyUnread ? { status: 'unread' } : {} })).data,
      ),
    ...(onlyUnread ? { staleTime: Infinity, gcTime: 0, refetchOnWindowFocus: false } : {}),
  });
}

/** The notices to the owner, newest first, and the unread count (asked again every minute). */
export function useNotifications() {
  return useQuery({
    queryKey: ADMIN_KEYS.notifications,
    queryFn: async () =>
      ownerNotificationListSchema.parse((await api.get('/admin/notifications')).data),
    refetchInterval: 60_000,
    retry: false,
  });
}

export function useMarkNotificationRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      ownerNotificationSchema.parse((await api.post(`/admin/notifications/${id}/read`)).data),
    onSuccess: () => client.invalidateQueries({ queryKey: ADMIN_KEYS.notifications }),
  });
}

export function useMarkAllNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      ownerNotificationListSchema.parse((await api.post('/admin/notifications/read')).data),
    onSuccess: (list) => client.setQueryData(ADMIN_KEYS.notifications, list),
  });
}

export function useAdminWaitlist() {
  return useQuery({
    queryKey: ADMIN_KEYS.waitlist,
    queryFn: async () => adminWaitlistSchema.parse((await api.get('/admin/waitlist')).data),
  });
}

export function useGstExport(from: string, to: string, enabled: boolean) {
  return useQuery({
    queryKey: ADMIN_KEYS.gst(from, to),
    queryFn: async () =>
      gstExportSchema.parse((await api.get('/admin/gst', { params: { from, to } })).data),
    enabled,
  });
}

/**
 * Downloads GSTR-1 as CSV tables, or as the GST portal's offline-tool JSON file (the request
 * needs the owner's session, so it is fetched and saved rather than linked).
 */
export async function downloadGst(
  from: string,
  to: string,
  format: 'csv' | 'portal',
): Promise<void> {
  const { data } = await api.get('/admin/gst', {
    params: { from, to, format },
    responseType: 'blob',
  });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(data as Blob);
  link.download = `GSTR-1-${from}-to-${to}.${format === 'csv' ? 'csv' : 'json'}`;
  link.click();
}
