import {
  adminReviewSchema,
  type AdminReview,
  type AdminReviewAction,
  type ReviewStatus,
} from '@vanya/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '../../../lib/api-client';

const reviewsKey = (status?: ReviewStatus) => ['admin', 'reviews', status ?? 'all'] as const;

/** GET /admin/reviews?status=: newest first. */
export function useAdminReviews(status?: ReviewStatus) {
  return useQuery({
    queryKey: reviewsKey(status),
    queryFn: async () =>
      z
        .array(adminReviewSchema)
        .parse((await api.get('/admin/reviews', { params: status ? { status } : {} })).data),
  });
}

/** POST /admin/reviews/:id: publish or hide, with an optional reply. */
export function useModerateReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      id,
      ...action
    }: AdminReviewAction & { id: string }): Promise<AdminReview> =>
      adminReviewSchema.parse((await api.post(`/admin/reviews/${id}`, action)).data),
    onSuccess: (review) => {
      void client.invalidateQueries({ queryKey: ['admin', 'reviews'] });
      void client.invalidateQueries({ queryKey: ['reviews', review.productId] });
    },
  });
}
