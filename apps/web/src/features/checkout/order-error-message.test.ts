import { describe, expect, it } from 'vitest';

import { ApiError } from '../../lib/api-client';
import { orderErrorMessage } from './hooks/use-checkout-payment';
import { CHECKOUT_TEXTS } from './texts';

describe('orderErrorMessage', () => {
  it("shows the server's OUT_OF_STOCK message to the shopper", () => {
    const message =
      'Sorry, Vanya Body Butter is out of stock. Please remove it from your cart to place the order.';
    const error = new ApiError({ status: 409, code: 'OUT_OF_STOCK', fromServer: true, message });
    expect(orderErrorMessage(error)).toBe(message);
  });

  it('falls back to the generic failure for other errors', () => {
    const error = new ApiError({ status: 500, code: 'INTERNAL', fromServer: true, message: 'x' });
    expect(orderErrorMessage(error)).toBe(CHECKOUT_TEXTS.orderFailed);
  });
});
