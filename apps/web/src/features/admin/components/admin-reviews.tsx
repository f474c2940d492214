import { formatDayInIndia } from '@vanya/catalog';
import { REVIEW_STATUSES, type AdminReview, type ReviewStatus } from '@vanya/contracts';
import { useState } from 'react';

import { StarRating } from '../../../components/product/star-rating';
import { Field } from '../../../components/ui/field';
import { FormError } from '../../../components/ui/form-parts';
import { DEFAULT_ERROR_MESSAGE, getErrorMessage } from '../../../lib/api-client';
import { useAdminReviews, useModerateReview } from '../api/admin-reviews-api';
import { ADMIN_TEXTS } from '../texts';
import { AdminFilter } from './admin-filter';

const T = ADMIN_TEXTS.reviews;

/** Reviews: the new ones first to read; each published, hidden or answered with a public reply. */
export function AdminReviews() {
  const [status, setStatus] = useState<ReviewStatus | ''>('pending');
  const reviews = useAdminReviews(status || undefined);
  return (
    <section aria-labelledby="admin-reviews">
      <h2 id="admin-reviews" className="visually-hidden">
        {ADMIN_TEXTS.tabs.reviews}
      </h2>
      <p className="admin-lead">{T.lead}</p>
      <div className="admin-filters">
        <AdminFilter
          label={T.status}
          all={T.all}
          choices={REVIEW_STATUSES}
          names={T.statuses}
          value={status}
          onChange={setStatus}
        />
      </div>
      {reviews.isError ? (
        <FormError message={getErrorMessage(reviews.error, DEFAULT_ERROR_MESSAGE)} />
      ) : null}
      {reviews.data && reviews.data.length === 0 ? <p className="admin-empty">{T.empty}</p> : null}
      <ul className="admin-list">
        {reviews.data?.map((review) => (
          <ReviewRow key={review._id} review={review} />
        ))}
      </ul>
    </section>
  );
}

function ReviewRow({ review }: { review: AdminReview }) {
  const moderate = useModerateReview();
  const [reply, setReply] = useState(review.reply?.body ?? '');
  const act = (action: 'publish' | 'hide') =>
    moderate.mutate({
      id: review._id,
      action,
      ...(reply.trim() && reply.trim() !== review.reply?.body ? { reply: reply.trim() } : {}),
    });
  return (
    <li
      className="admin-row admin-row--review"
      aria-label={`${review.productName}: ${review.title}`}
    >
      <div className="admin-row__main">
        <p className="admin-row__title">
          {review.productName} · <StarRating rating={review.rating} showValue={false} />{' '}
          <span className={`status status--${review.status}`}>{T.statuses[review.status]}</span>
        </p>
        <p className="admin-row__meta">
          {review.buyerName} · {formatDayInIndia(review.createdAt)}
        </p>
        <p>
          <strong>{review.title}</strong>
        </p>
        <p>{review.body}</p>
        <Field label={T.reply}>
          {(control) => (
            <textarea
              {...control}
              className="textarea"
              rows={2}
              value={reply}
              maxLength={1000}
              onChange={(e) => setReply(e.target.value)}
            />
          )}
        </Field>
        <div className="admin-actions">
          {review.status !== 'published' || reply.trim() !== (review.reply?.body ?? '') ? (
            <button
              type="button"
              className="btn btn--primary btn--sm"
              disabled={moderate.isPending}
              onClick={() => act('publish')}
            >
              {review.status === 'published' ? T.saveReply : T.publish}
            </button>
          ) : null}
          {review.status !== 'hidden' ? (
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              disabled={moderate.isPending}
              onClick={() => act('hide')}
            >
              {T.hide}
            </button>
          ) : null}
        </div>
        {moderate.isError ? (
          <FormError message={getErrorMessage(moderate.error, DEFAULT_ERROR_MESSAGE)} />
        ) : null}
      </div>
    </li>
  );
}
