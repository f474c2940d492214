import { adminReviewSchema, type AdminReview, type ReviewBodyInput } from '@vanya/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { reviewsQueryOptions } from '../../hooks/use-reviews';
import { api } from '../../lib/api-client';

/** POST /products/:id/reviews: stored until the owner publishes it (403 NOT_A_BUYER otherwise). */
export function useWriteReview(productId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: ReviewBodyInput): Promise<AdminReview> =>
      adminReviewSchema.parse(
        (await api.post(`/products/${encodeURIComponent(productId)}/reviews`, body)).data,
      ),
    onSuccess: () => void client.invalidateQueries(reviewsQueryOptions(productId)),
  });
}
