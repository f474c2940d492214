import { useMutation } from '@tanstack/react-query';
import { stockNotifyResponseSchema, type StockNotifyBody } from '@vanya/contracts';

import { api } from '../../../lib/api-client';

/** POST /products/{id}/notify: one mail when it can be bought again (the same words if asked twice). */
export async function notifyMe(productId: string, body: StockNotifyBody): Promise<string> {
  const { data } = await api.post(`/products/${encodeURIComponent(productId)}/notify`, body);
  return stockNotifyResponseSchema.parse(data).message;
}

export function useNotifyMe(productId: string) {
  return useMutation({ mutationFn: (body: StockNotifyBody) => notifyMe(productId, body) });
}
