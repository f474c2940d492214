import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  couponListSchema,
  couponSchema,
  couponUseListSchema,
  type CouponInput,
} from '@vanya/contracts';

import { api } from '../../../lib/api-client';

// The owner's coupons: the list, create, edit (pausing is an edit) and each coupon's uses.

export const COUPON_KEYS = {
  all: ['admin', 'coupons'] as const,
  uses: (code: string) => ['admin', 'coupons', code, 'uses'] as const,
};

export function useAdminCoupons() {
  return useQuery({
    queryKey: COUPON_KEYS.all,
    queryFn: async () => couponListSchema.parse((await api.get('/admin/coupons')).data),
  });
}

export function useCouponUses(code: string | null) {
  return useQuery({
    queryKey: COUPON_KEYS.uses(code ?? ''),
    queryFn: async () =>
      couponUseListSchema.parse(
        (await api.get(`/admin/coupons/${encodeURIComponent(code ?? '')}/uses`)).data,
      ),
    enabled: Boolean(code),
  });
}

/** Creates a coupon, or edits the one named by `editing` (its code never changes). */
export function useSaveCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ input, editing }: { input: CouponInput; editing?: string }) =>
      couponSchema.parse(
        editing
          ? (await api.put(`/admin/coupons/${encodeURIComponent(editing)}`, input)).data
          : (await api.post('/admin/coupons', input)).data,
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: COUPON_KEYS.all }),
  });
}
