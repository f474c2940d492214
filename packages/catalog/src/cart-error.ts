// The one error type of cart validation. The API maps it to a 400 (or 404 for an unknown product),
// the web cart shows its message; `code` is stable, the message is for people.

export type CartErrorCode =
  | 'UNKNOWN_PRODUCT'
  | 'INVALID_QUANTITY'
  | 'QUANTITY_LIMIT'
  | 'UNKNOWN_STATE'
  /** Thrown by priceOrder: an order needs at least one line (priceCart prices [] to zeros). */
  | 'EMPTY_CART';

export class CartError extends Error {
  override readonly name = 'CartError';
  readonly code: CartErrorCode;
  /** The product id of the offending line, when a line is at fault. */
  readonly productId: string | undefined;
  /** The delivery state that was refused, for UNKNOWN_STATE. */
  readonly deliveryState: string | undefined;

  constructor(
    code: CartErrorCode,
    message: string,
    details: { productId?: string; deliveryState?: string } = {},
  ) {
    super(message);
    this.code = code;
    this.productId = details.productId;
    this.deliveryState = details.deliveryState;
  }
}
