export const REVIEW_TEXTS = {
  heading: 'Reviews',
  summary: (average: string, count: number) =>
    `${average} out of 5 from ${count} ${count === 1 ? 'review' : 'reviews'}`,
  count: (count: number) => `${count} ${count === 1 ? 'review' : 'reviews'}`,
  none: 'No reviews yet. Bought it? Tell others what you think.',
  verified: 'Verified buyer',
  reply: 'Reply from the shop',
  write: 'Write a review',
  edit: 'Edit your review',
  signIn: 'Sign in to review',
  /** A signed-in shopper with no delivered order of it. */
  notYet: 'You can review this once your order is delivered.',
  onlyBuyers: 'Only shoppers whose order with this product has been delivered can review it.',
  /** The shopper's own review, above its Edit button. */
  yours: {
    pending: 'Your review is waiting for the shop to read it.',
    published: 'Your review is published.',
    hidden: 'The shop has not published your review.',
  },
  rating: 'Your rating',
  stars: (n: number) => `${n} ${n === 1 ? 'star' : 'stars'}`,
  title: 'Title',
  body: 'Your review',
  send: 'Send review',
  sending: 'Sending…',
  thanks: 'Thank you! Your review will appear here once the shop has read it.',
  edited: 'Thank you! Your changes will appear here once the shop has read them.',
  failed: 'Your review could not be sent. Please try again.',
} as const;
