import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { shipmentAnswerSchema, shipmentSchema, type Shipment } from '@vanya/contracts';

import { api } from '../../../lib/api-client';
import { ADMIN_KEYS } from './admin-api';

// The courier booking of one order: read it, book it, open its label.

export const shipmentKey = (orderId: string) => ['admin', 'shipment', orderId] as const;

export function useShipment(orderId: string) {
  return useQuery({
    queryKey: shipmentKey(orderId),
    queryFn: async () =>
      shipmentAnswerSchema.parse((await api.get(`/admin/orders/${orderId}/shipment`)).data)
        .shipment,
  });
}

/** Books the parcel; a repeat answers the same booking, so a retry after an error is safe. */
export function useBookShipment(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<Shipment> =>
      shipmentSchema.parse((await api.post(`/admin/orders/${orderId}/shipment`)).data),
    onSuccess: (shipment) => {
      client.setQueryData(shipmentKey(orderId), shipment);
      void client.invalidateQueries({ queryKey: ADMIN_KEYS.order(orderId) });
    },
  });
}

/** Calls the booking off with the courier; the order, still packed, offers booking again. */
export function useCancelPickup(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      shipmentAnswerSchema.parse((await api.delete(`/admin/orders/${orderId}/shipment`)).data),
    onSuccess: () => {
      client.setQueryData(shipmentKey(orderId), null);
      void client.invalidateQueries({ queryKey: ADMIN_KEYS.order(orderId) });
    },
  });
}

/** The label is a PDF behind the owner's session: fetched, then opened as a blob. */
export async function openLabel(orderId: string): Promise<void> {
  const { data } = await api.get(`/admin/orders/${orderId}/label`, { responseType: 'blob' });
  window.open(URL.createObjectURL(data as Blob), '_blank', 'noopener');
}
