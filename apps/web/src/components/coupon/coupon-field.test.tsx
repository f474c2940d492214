import { couponDiscountFor, formatINR, priceCart } from '@vanya/catalog';
import type { CouponCheckResponse } from '@vanya/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { SUMMARY_TEXTS } from '../product/price-summary';
import { setSession } from '../../lib/auth-storage';
import { addToCart, clearCart, getCartCoupon, setCartCoupon } from '../../lib/cart-store';
import { mockApi, type MockRequest } from '../../testing/mock-api';
import { createOrderResponseFixture, orderFixture } from '../../testing/order-fixtures';
import { renderRoute } from '../../testing/render-route';
import { CART_TEXTS } from '../../features/cart/texts';
import { CHECKOUT_TEXTS } from '../../features/checkout/texts';
import { COUPON_TEXTS } from './coupon-field';

const ITEMS = [
  { productId: 'Bodybutter', quantity: 2 },
  { productId: 'TanGoneSoap', quantity: 1 },
];
const GOODS = priceCart(ITEMS).itemsTotal;
// 10% of ₹877.00
const DISCOUNT = couponDiscountFor({ kind: 'percent', value: 10 }, GOODS);

/** What the API answers for DIWALI10 on `items`, priced as the server prices it. */
function checkAnswer(
  items: { productId: string; quantity: number }[],
  deliveryState?: string,
): CouponCheckResponse {
  const goods = priceCart(items).itemsTotal;
  const discount = couponDiscountFor({ kind: 'percent', value: 10 }, goods);
  const { lines, supply, shippingTax, codFeeTax, ...totals } = priceCart(items, {
    deliveryState,
    couponDiscount: discount,
  });
  void shippingTax;
  void codFeeTax;
  return {
    coupon: { code: 'DIWALI10', kind: 'percent', value: 10, maxDiscount: null, minOrder: 0 },
    totals,
    lines: lines.map((l) => ({ ...l })),
    supply,
  };
}

const refusal = (status: number, code: string, message: string) => ({
  status,
  data: { msg: message, message, code },
});

/** The shop's API for coupons: DIWALI10 applies, USEDUP is used up, anything else is unknown. */
function couponApi(onOrder?: (request: MockRequest) => { status: number; data: unknown }) {
  return mockApi((request) => {
    if (request.url === '/coupons/check') {
      const body = request.body as {
        code: string;
        items: typeof ITEMS;
        deliveryState?: string;
      };
      if (body.code === 'DIWALI10')
        return { status: 200, data: checkAnswer(body.items, body.deliveryState) };
      if (body.code === 'USEDUP')
        return refusal(409, 'COUPON_USED_UP', 'This coupon has been used up.');
      return refusal(404, 'COUPON_UNKNOWN', 'There is no such coupon.');
    }
    if (request.url === '/orders' && onOrder) return onOrder(request);
    if (request.url === '/wishlist') return { status: 200, data: [] };
    return refusal(404, 'NOT_FOUND', 'Not found.');
  });
}

function signIn() {
  setSession('token-coupon', { name: 'Asha Patil', email: 'asha@example.com' });
}

async function renderCart() {
  signIn();
  for (const item of ITEMS) addToCart(item.productId, item.quantity);
  renderRoute('/cart');
  await screen.findByRole('heading', { level: 1, name: CART_TEXTS.heading });
  return screen.getByRole('complementary', { name: CART_TEXTS.summaryHeading });
}

async function apply(user: UserEvent, code: string) {
  await user.type(screen.getByRole('textbox', { name: COUPON_TEXTS.label }), code);
  await user.click(screen.getByRole('button', { name: COUPON_TEXTS.apply }));
}

describe('a coupon in the cart', () => {
  it('applies a code as typed, shows its line and the new total, and remembers it', async () => {
    const user = userEvent.setup();
    const requests = couponApi();
    const summary = await renderCart();
    expect(within(summary).getByTestId('summary-total')).toHaveTextContent(formatINR(GOODS));

    await apply(user, ' diwali10 ');

    const line = await within(summary).findByText(SUMMARY_TEXTS.coupon('DIWALI10'));
    expect(line.nextElementSibling).toHaveTextContent(`−${formatINR(DISCOUNT)}`);
    expect(DISCOUNT).toBe(8770);
    expect(within(summary).getByTestId('summary-total')).toHaveTextContent('₹789.30');
    expect(within(summary).getByText(COUPON_TEXTS.applied('DIWALI10', DISCOUNT))).toHaveAttribute(
      'role',
      'status',
    );
    expect(requests.find((r) => r.url === '/coupons/check')?.body).toEqual({
      code: 'DIWALI10',
      items: ITEMS,
    });
    expect(getCartCoupon()).toBe('DIWALI10');
  });

  it('says why a code does not apply, in the server words, and applies nothing', async () => {
    const user = userEvent.setup();
    couponApi();
    const summary = await renderCart();
    await apply(user, 'NOPE1234');
    expect(await within(summary).findByRole('alert')).toHaveTextContent('There is no such coupon.');
    expect(within(summary).queryByText(/^Coupon /)).toBeNull();
    expect(within(summary).getByTestId('summary-total')).toHaveTextContent(formatINR(GOODS));
    expect(getCartCoupon()).toBeNull();

    await user.clear(screen.getByRole('textbox', { name: COUPON_TEXTS.label }));
    await apply(user, 'usedup');
    expect(await within(summary).findByRole('alert')).toHaveTextContent(
      'This coupon has been used up.',
    );
  });

  it('prices the discount again when the cart changes, and forgets the coupon on Remove', async () => {
    const user = userEvent.setup();
    const requests = couponApi();
    setCartCoupon('DIWALI10');
    const summary = await renderCart();
    await within(summary).findByText(SUMMARY_TEXTS.coupon('DIWALI10'));

    await user.click(screen.getByRole('button', { name: 'Remove Tan.Gone.Soap' }));
    const butterOnly = [{ productId: 'Bodybutter', quantity: 2 }];
    await waitFor(() =>
      expect(within(summary).getByTestId('summary-total')).toHaveTextContent(
        formatINR(checkAnswer(butterOnly).totals.grandTotal),
      ),
    );
    expect(requests.filter((r) => r.url === '/coupons/check').at(-1)?.body).toEqual({
      code: 'DIWALI10',
      items: butterOnly,
    });

    await user.click(screen.getByRole('button', { name: COUPON_TEXTS.removeNamed('DIWALI10') }));
    expect(getCartCoupon()).toBeNull();
    expect(within(summary).queryByText(SUMMARY_TEXTS.coupon('DIWALI10'))).toBeNull();
    expect(screen.getByRole('textbox', { name: COUPON_TEXTS.label })).toBeInTheDocument();
  });

  it('is forgotten with the cart once the order is placed', () => {
    setCartCoupon('diwali10');
    expect(getCartCoupon()).toBe('DIWALI10');
    clearCart();
    expect(getCartCoupon()).toBeNull();
  });
});

describe('a coupon at checkout', () => {
  async function renderCheckout() {
    signIn();
    for (const item of ITEMS) addToCart(item.productId, item.quantity);
    setCartCoupon('DIWALI10');
    renderRoute('/checkout');
    await screen.findByRole('heading', { level: 1, name: CHECKOUT_TEXTS.heading });
  }

  async function fillAndSubmit(user: UserEvent) {
    const T = CHECKOUT_TEXTS;
    await user.type(screen.getByRole('textbox', { name: T.fields.phone }), '9876543210');
    await user.type(screen.getByRole('textbox', { name: T.fields.address }), '12 MG Road');
    await user.type(screen.getByRole('textbox', { name: T.fields.city }), 'Bengaluru');
    await user.selectOptions(screen.getByRole('combobox', { name: T.fields.state }), 'Karnataka');
    await user.type(screen.getByRole('textbox', { name: T.fields.pinCode }), '560038');
    // The owner's settings have come (the order waits for them).
    await waitFor(() =>
      expect(screen.getByRole('button', { name: T.continueToPayment })).toHaveAttribute(
        'aria-disabled',
        'false',
      ),
    );
    const summary = screen.getByRole('complementary', { name: T.summaryHeading });
    // The coupon is checked again for the delivery state before the order goes.
    await waitFor(() =>
      expect(within(summary).getByTestId('summary-total')).toHaveTextContent(
        formatINR(checkAnswer(ITEMS, 'Karnataka').totals.grandTotal),
      ),
    );
    await user.click(screen.getByRole('button', { name: T.continueToPayment }));
    return summary;
  }

  it('checks the coupon again with the delivery state and sends its code and the discounted total', async () => {
    const user = userEvent.setup();
    const requests = couponApi(() => ({
      status: 201,
      data: createOrderResponseFixture(orderFixture()),
    }));
    await renderCheckout();
    await fillAndSubmit(user);

    await waitFor(() => expect(requests.some((r) => r.url === '/orders')).toBe(true));
    const checks = requests.filter((r) => r.url === '/coupons/check');
    expect(checks.at(-1)?.body).toEqual({
      code: 'DIWALI10',
      items: ITEMS,
      deliveryState: 'Karnataka',
    });
    const order = requests.find((r) => r.url === '/orders')?.body as {
      data: { couponCode?: string; total_amount: string };
    };
    expect(order.data.couponCode).toBe('DIWALI10');
    expect(order.data.total_amount).toBe('789.30');
  });

  it('shows a coupon the order refuses, drops it and lets the shopper pay without it', async () => {
    const user = userEvent.setup();
    let orders = 0;
    const requests = couponApi(() => {
      orders += 1;
      return orders === 1
        ? refusal(409, 'COUPON_USED_UP', 'This coupon has been used up.')
        : { status: 201, data: createOrderResponseFixture(orderFixture()) };
    });
    await renderCheckout();
    const summary = await fillAndSubmit(user);

    // Said twice: in the toast of the refused order, and by the field whose coupon went.
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('alert')
          .filter((alert) => alert.textContent?.includes('This coupon has been used up.')),
      ).toHaveLength(2),
    );
    expect(getCartCoupon()).toBeNull();
    expect(within(summary).getByRole('alert')).toHaveTextContent('This coupon has been used up.');
    expect(within(summary).getByTestId('summary-total')).toHaveTextContent(formatINR(GOODS));

    await user.click(screen.getByRole('button', { name: CHECKOUT_TEXTS.continueToPayment }));
    await waitFor(() => expect(orders).toBe(2));
    const second = requests.filter((r) => r.url === '/orders')[1]?.body as {
      data: { couponCode?: string; total_amount: string };
    };
    expect(second.data.couponCode).toBeUndefined();
    expect(second.data.total_amount).toBe('877.00');
  });
});
