import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminProductListSchema,
  adminProductSchema,
  type ProductCreateInput,
  type ProductEdit,
} from '@vanya/contracts';

import { PRODUCTS_QUERY_KEY } from '../../../hooks/use-catalogue';
import { api } from '../../../lib/api-client';

// The owner's products: every product with its regular price, sale and status; a new one, a copy,
// and the edit of one. After each, the owner's list and the shop's own copy are read again.

export const PRODUCT_KEYS = { all: ['admin', 'products'] as const };

export function useAdminProducts() {
  return useQuery({
    queryKey: PRODUCT_KEYS.all,
    queryFn: async () => adminProductListSchema.parse((await api.get('/admin/products')).data),
  });
}

function useProductChange<Vars>(send: (vars: Vars) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (vars: Vars) => adminProductSchema.parse(await send(vars)),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: PRODUCT_KEYS.all });
      await client.invalidateQueries({ queryKey: PRODUCTS_QUERY_KEY });
    },
  });
}

const productPath = (id: string) => `/admin/products/${encodeURIComponent(id)}`;

/** Saves the owner's change of a product. */
export const useSaveProduct = () =>
  useProductChange(
    async ({ id, edit }: { id: string; edit: ProductEdit }) =>
      (await api.put(productPath(id), edit)).data,
  );

/** Adds a product (a draft unless published at once). */
export const useCreateProduct = () =>
  useProductChange(
    async (body: ProductCreateInput) => (await api.post('/admin/products', body)).data,
  );

/** Copies a product as a new draft. */
export const useDuplicateProduct = () =>
  useProductChange(async (id: string) => (await api.post(`${productPath(id)}/duplicate`)).data);
