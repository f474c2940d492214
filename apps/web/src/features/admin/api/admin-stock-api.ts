import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminStockSchema,
  stockItemSchema,
  stockMoveListSchema,
  type StockAdjustBody,
  type StockSettingsBody,
} from '@vanya/contracts';

import { stockQueryOptions } from '../../../hooks/use-stock';
import { api } from '../../../lib/api-client';
import { ADMIN_KEYS } from './admin-api';

// The owner's stock: counts, receipts and adjustments, the low-stock level and the "stop selling"
// switch, and each product's ledger. A change here also changes what shoppers see and the
// dashboard's low-stock list, so those are read again.

export const STOCK_KEYS = {
  all: ['admin', 'stock'] as const,
  moves: (productId: string) => ['admin', 'stock', productId, 'moves'] as const,
};

export function useAdminStock() {
  return useQuery({
    queryKey: STOCK_KEYS.all,
    queryFn: async () => adminStockSchema.parse((await api.get('/admin/stock')).data),
  });
}

export function useStockMoves(productId: string | null) {
  return useQuery({
    queryKey: STOCK_KEYS.moves(productId ?? ''),
    queryFn: async () =>
      stockMoveListSchema.parse(
        (await api.get(`/admin/stock/${encodeURIComponent(productId ?? '')}/moves`)).data,
      ),
    enabled: Boolean(productId),
  });
}

function useStockChanged() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: STOCK_KEYS.all }),
      client.invalidateQueries({ queryKey: ADMIN_KEYS.summary }),
      client.invalidateQueries({ queryKey: stockQueryOptions().queryKey }),
    ]);
}

/** Units received (adjust > 0) or taken off (adjust < 0), with the reason. */
export function useAdjustStock() {
  const changed = useStockChanged();
  return useMutation({
    mutationFn: async ({ productId, body }: { productId: string; body: StockAdjustBody }) =>
      stockItemSchema.parse(
        (await api.post(`/admin/stock/${encodeURIComponent(productId)}`, body)).data,
      ),
    onSuccess: changed,
  });
}

/** A single product's low-stock level or "stop selling" switch. */
export function useStockSettings() {
  const changed = useStockChanged();
  return useMutation({
    mutationFn: async ({ productId, body }: { productId: string; body: StockSettingsBody }) =>
      stockItemSchema.parse(
        (await api.put(`/admin/stock/${encodeURIComponent(productId)}`, body)).data,
      ),
    onSuccess: changed,
  });
}

/** A bundle's or hamper's "stop selling" switch (it has no counts of its own). */
export function useBundleSelling() {
  const changed = useStockChanged();
  return useMutation({
    mutationFn: async ({ productId, selling }: { productId: string; selling: boolean }) =>
      (
        await api.put(`/admin/products/${encodeURIComponent(productId)}/stock`, {
          inStock: selling,
        })
      ).data,
    onSuccess: changed,
  });
}
