import {
  adminReviewSchema,
  myReviewAnswerSchema,
  myReviewSchema,
  type AdminReview,
  type MyReview,
  type ReviewBodyInput,
} from '@vanya/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { reviewsQueryOptions } from '../../hooks/use-reviews';
import { api } from '../../lib/api-client';

const reviewsPath = (productId: string) => `/products/${encodeURIComponent(productId)}/reviews`;

/** GET /products/:id/reviews/mine: whether the signed-in shopper may review it, and their review. */
export function myReviewQueryOptions(productId: string) {
  return queryOptions({
    queryKey: ['reviews', productId, 'mine'],
    queryFn: async () =>
      myReviewAnswerSchema.parse((await api.get(`${reviewsPath(productId)}/mine`)).data),
  });
}

export function useMyReview(productId: string, signedIn: boolean) {
  return useQuery({ ...myReviewQueryOptions(productId), enabled: signedIn });
}

/** After a review is written or edited: the list and the shopper's own answer are read again. */
function useRefreshReviews(productId: string) {
  const client = useQueryClient();
  return () =>
    void Promise.all([
      client.invalidateQueries(reviewsQueryOptions(productId)),
      client.invalidateQueries(myReviewQueryOptions(productId)),
    ]);
}

/** POST /products/:id/reviews: stored until the owner publishes it (403 NOT_A_BUYER otherwise). */
export function useWriteReview(productId: string) {
  const refresh = useRefreshReviews(productId);
  return useMutation({
    mutationFn: async (body: ReviewBodyInput): Promise<AdminReview> =>
      adminReviewSchema.parse((await api.post(reviewsPath(productId), body)).data),
    onSuccess: refresh,
  });
}

/** PUT /products/:id/reviews/mine: the edit waits for the owner again before it shows. */
export function useEditReview(productId: string) {
  const refresh = useRefreshReviews(productId);
  return useMutation({
    mutationFn: async (body: ReviewBodyInput): Promise<MyReview> =>
      myReviewSchema.parse((await api.put(`${reviewsPath(productId)}/mine`, body)).data),
    onSuccess: refresh,
  });
}
