import type { Product } from '@vanya/catalog';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';

import { StarRating } from '../../components/product/star-rating';
import { PATHS } from '../../config/paths';
import { useReviews } from '../../hooks/use-reviews';
import { useIsSignedIn } from '../../hooks/use-session';
import { getErrorMessage } from '../../lib/api-client';
import { useWriteReview } from './api';
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
 * reply, and a form for a signed-in shopper (the server takes it only from a buyer).
 */
export function ProductReviews({ product }: { product: Product }) {
  const reviews = useReviews(product.id);
  const signedIn = useIsSignedIn();
  const [writing, setWriting] = useState(false);
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
      {signedIn ? (
        writing ? (
          <ReviewForm productId={product.id} />
        ) : (
          <button type="button" className="btn btn--ghost" onClick={() => setWriting(true)}>
            {T.write}
          </button>
        )
      ) : (
        <Link
          className="btn btn--ghost"
          to={`${PATHS.login}?redirect=${encodeURIComponent(`/products/${product.id}#reviews`)}`}
        >
          {T.signIn}
        </Link>
      )}
    </section>
  );
}

function ReviewForm({ productId }: { productId: string }) {
  const write = useWriteReview(productId);
  const [rating, setRating] = useState(0);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (write.isSuccess)
    return (
      <p className="product-reviews__thanks" role="status">
        {T.thanks}
      </p>
    );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    write.mutate(
      { rating, title, body },
      { onError: (err) => setError(getErrorMessage(err, T.failed)) },
    );
  };

  return (
    <form className="review-form" onSubmit={submit} aria-label={T.write}>
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
      <button type="submit" className="btn btn--primary" disabled={write.isPending}>
        {write.isPending ? T.sending : T.send}
      </button>
    </form>
  );
}
