// What other features may use of reviews.
export { ProductReviews } from './product-reviews';
