import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminProductListSchema, adminProductSchema, type ProductEdit } from '@vanya/contracts';

import { PRODUCTS_QUERY_KEY } from '../../../hooks/use-catalogue';
import { api } from '../../../lib/api-client';

// The owner's products: every product with its regular price, sale and status, and the edit of one.

export const PRODUCT_KEYS = { all: ['admin', 'products'] as const };

export function useAdminProducts() {
  return useQuery({
    queryKey: PRODUCT_KEYS.all,
    queryFn: async () => adminProductListSchema.parse((await api.get('/admin/products')).data),
  });
}

/** Saves the owner's change; the shop's own copy of the products is read again after it. */
export function useSaveProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, edit }: { id: string; edit: ProductEdit }) =>
      adminProductSchema.parse(
        (await api.put(`/admin/products/${encodeURIComponent(id)}`, edit)).data,
      ),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: PRODUCT_KEYS.all });
      await client.invalidateQueries({ queryKey: PRODUCTS_QUERY_KEY });
    },
  });
}
