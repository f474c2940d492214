import type { Product } from '@vanya/catalog';
import type { MyReview } from '@vanya/contracts';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';

import { StarRating } from '../../components/product/star-rating';
import { PATHS } from '../../config/paths';
import { useReviews } from '../../hooks/use-reviews';
import { useIsSignedIn } from '../../hooks/use-session';
import { getErrorMessage } from '../../lib/api-client';
import { useEditReview, useMyReview, useWriteReview } from './api';
import { REVIEW_TEXTS as T } from './texts';
import './product-reviews.css';

const when = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/**
 * The product page's reviews: the published ones, each marked "Verified buyer" with the shop's
 * reply; then what the visitor may do: a guest signs in, a shopper whose order of it was delivered
 * writes a review (or edits theirs), anyone else is told they can once their order is delivered.
 */
export function ProductReviews({ product }: { product: Product }) {
  const reviews = useReviews(product.id);
  const list = reviews.data;
  return (
    <section id="reviews" className="container product-reviews" aria-labelledby="reviews-heading">
      <h2 id="reviews-heading">{T.heading}</h2>
      {list && list.count > 0 ? (
        <p className="product-reviews__summary">
          <StarRating rating={list.average} showValue={false} />{' '}
          <span>{T.summary(list.average.toFixed(1), list.count)}</span>
        </p>
      ) : (
        <p className="product-reviews__none">{T.none}</p>
      )}
      <ul className="product-reviews__list">
        {list?.items.map((review) => (
          <li key={review._id} className="product-review">
            <p className="product-review__head">
              <StarRating rating={review.rating} showValue={false} />
              <strong className="product-review__title">{review.title}</strong>
            </p>
            <p className="product-review__meta">
              {review.author} · <span className="product-review__verified">{T.verified}</span> ·{' '}
              <time dateTime={review.createdAt}>{when.format(new Date(review.createdAt))}</time>
            </p>
            <p className="product-review__body">{review.body}</p>
            {review.reply ? (
              <div className="product-review__reply">
                <p className="product-review__reply-label">{T.reply}</p>
                <p>{review.reply.body}</p>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <YourReview productId={product.id} />
    </section>
  );
}

/** What this visitor may do: sign in, write a review, edit theirs, or wait for their delivery. */
function YourReview({ productId }: { productId: string }) {
  const signedIn = useIsSignedIn();
  const mine = useMyReview(productId, signedIn);
  const [writing, setWriting] = useState(false);
  if (!signedIn)
    return (
      <Link
        className="btn btn--ghost"
        to={`${PATHS.login}?redirect=${encodeURIComponent(`/products/${productId}#reviews`)}`}
      >
        {T.signIn}
      </Link>
    );
  const answer = mine.data;
  if (!answer) return null;
  const { review } = answer;
  if (writing) return <ReviewForm productId={productId} review={review} />;
  if (review)
    return (
      <div className="product-reviews__yours">
        <p className="product-reviews__status">{T.yours[review.status]}</p>
        <button type="button" className="btn btn--ghost" onClick={() => setWriting(true)}>
          {T.edit}
        </button>
      </div>
    );
  if (!answer.buyer) return <p className="product-reviews__not-yet">{T.notYet}</p>;
  return (
    <button type="button" className="btn btn--ghost" onClick={() => setWriting(true)}>
      {T.write}
    </button>
  );
}

function ReviewForm({ productId, review: opened }: { productId: string; review: MyReview | null }) {
  const write = useWriteReview(productId);
  const edit = useEditReview(productId);
  // Writing or editing, as the form opened: the review just written comes back from the API while
  // its thanks show.
  const [review] = useState(opened);
  const save = review ? edit : write;
  const [rating, setRating] = useState(review?.rating ?? 0);
  const [title, setTitle] = useState(review?.title ?? '');
  const [body, setBody] = useState(review?.body ?? '');
  const [error, setError] = useState<string | null>(null);

  if (save.isSuccess)
    return (
      <p className="product-reviews__thanks" role="status">
        {review ? T.edited : T.thanks}
      </p>
    );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    save.mutate(
      { rating, title, body },
      { onError: (err) => setError(getErrorMessage(err, T.failed)) },
    );
  };

  return (
    <form className="review-form" onSubmit={submit} aria-label={review ? T.edit : T.write}>
      <fieldset className="review-form__stars">
        <legend className="field__label">{T.rating}</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="review-form__star">
            <input
              type="radio"
              name="rating"
              value={n}
              checked={rating === n}
              onChange={() => setRating(n)}
            />
            <span>{T.stars(n)}</span>
          </label>
        ))}
      </fieldset>
      <label className="field">
        <span className="field__label">{T.title}</span>
        <input
          className="input"
          value={title}
          maxLength={100}
          onChange={(e) => setTitle(e.target.value)}
        />
      </label>
      <label className="field">
        <span className="field__label">{T.body}</span>
        <textarea
          className="textarea"
          rows={4}
          value={body}
          maxLength={2000}
          onChange={(e) => setBody(e.target.value)}
        />
      </label>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="btn btn--primary" disabled={save.isPending}>
        {save.isPending ? T.sending : T.send}
      </button>
    </form>
  );
}
