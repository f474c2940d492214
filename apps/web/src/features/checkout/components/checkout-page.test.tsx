import { DEFAULT_SHOP_SETTINGS, preOrderNotice, type ShopSettings } from '@vanya/catalog';
import { FIELD_MESSAGES, SHOP_MESSAGES } from '@vanya/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { setSession } from '../../../lib/auth-storage';
import { addToCart, getCartLines } from '../../../lib/cart-store';
import { mockApi, type MockRequest } from '../../../testing/mock-api';
import {
  createOrderResponseFixture,
  ORDER_ID,
  orderFixture,
  PAYMENT_RESPONSE,
} from '../../../testing/order-fixtures';
import { renderRoute } from '../../../testing/render-route';
import { CHECKOUT_TEXTS as T, TEST_PAYMENT_TEXTS } from '../texts';

async function renderCheckout() {
  setSession('token-checkout', { name: 'Asha Patil', email: 'asha@example.com' });
  addToCart('Bodybutter', 2);
  const result = renderRoute('/checkout');
  await screen.findByRole('heading', { level: 1, name: T.heading });
  return result;
}

async function fillForm(user: UserEvent, state = 'Karnataka') {
  await user.type(screen.getByRole('textbox', { name: T.fields.phone }), '9876543210');
  await user.type(
    screen.getByRole('textbox', { name: T.fields.address }),
    '12 MG Road, Indiranagar',
  );
  await user.type(screen.getByRole('textbox', { name: T.fields.city }), 'Bengaluru');
  await user.selectOptions(screen.getByRole('combobox', { name: T.fields.state }), state);
  await user.type(screen.getByRole('textbox', { name: T.fields.pinCode }), '560038');
}

const submit = () => screen.getByRole('button', { name: T.continueToPayment });

/** The owner takes pre-orders, first dispatched on a day still far ahead. */
const PRE_ORDERS_OPEN: ShopSettings = {
  ...DEFAULT_SHOP_SETTINGS,
  preOrder: { on: true, dispatchFrom: '2099-01-12', text: 'Dispatch starts mid-January.' },
};

function paymentApi(
  options: {
    outcome?: 'success' | 'failure';
    orderStatus?: number;
    /** GET /shop-settings' answer (none: a 404, so the catalogue's defaults stay). */
    settings?: ShopSettings;
  } = {},
) {
  const order = orderFixture();
  return mockApi((request: MockRequest) => {
    if (request.url === '/wishlist') return { status: 200, data: [] };
    if (request.url === '/shop-settings' && options.settings)
      return { status: 200, data: options.settings };
    if (request.url === '/orders') {
      return options.orderStatus
        ? { status: options.orderStatus, data: { msg: 'x', message: 'x', code: 'INTERNAL' } }
        : { status: 201, data: createOrderResponseFixture(order) };
    }
    if (request.url === '/payments/test/complete') {
      return options.outcome === 'failure'
        ? {
            status: 200,
            data: {
              outcome: 'failure',
              error: { code: 'BAD_REQUEST_ERROR', description: 'Card declined (test)' },
            },
          }
        : { status: 200, data: { outcome: 'success', ...PAYMENT_RESPONSE } };
    }
    if (request.url === '/payments/verify') {
      return {
        status: 200,
        data: {
          order: { ...order, status: 'paid', paymentId: PAYMENT_RESPONSE.razorpay_payment_id },
        },
      };
    }
    return { status: 404, data: { msg: 'no', message: 'no', code: 'NOT_FOUND' } };
  });
}

describe('/checkout', () => {
  it('sends an empty cart back to /cart', async () => {
    setSession('token-checkout', { name: 'Asha Patil', email: 'asha@example.com' });
    const { router } = renderRoute('/checkout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
  });

  it('fills in what it knows and explains every field that is wrong', async () => {
    const user = userEvent.setup();
    await renderCheckout();
    expect(screen.getByRole('textbox', { name: T.fields.firstName })).toHaveValue('Asha');
    expect(screen.getByRole('textbox', { name: T.fields.lastName })).toHaveValue('Patil');
    expect(screen.getByRole('textbox', { name: T.fields.phone })).toHaveAttribute(
      'placeholder',
      '10-digit mobile number',
    );

    await user.type(screen.getByRole('textbox', { name: T.fields.phone }), '98765');
    await user.type(screen.getByRole('textbox', { name: T.fields.pinCode }), '4135');
    // The owner's settings have come (the order waits for them).
    await waitFor(() => expect(submit()).toHaveAttribute('aria-disabled', 'false'));
    await user.click(submit());

    expect(await screen.findByText(FIELD_MESSAGES.mobile)).toBeInTheDocument();
    expect(screen.getByText(FIELD_MESSAGES.pinCode)).toBeInTheDocument();
    expect(screen.getByText(FIELD_MESSAGES.state)).toBeInTheDocument();
    expect(screen.getByText(SHOP_MESSAGES.address)).toBeInTheDocument();
    expect(screen.getByText(SHOP_MESSAGES.city)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: T.fields.phone })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('offers the saved addresses and fills the address with the one picked', async () => {
    const user = userEvent.setup();
    mockApi((request: MockRequest) =>
      request.url === '/me/addresses'
        ? {
            status: 200,
            data: [
              { id: 'home', address: 'Flat 7, Kaveri Apartments, Ausa Road' },
              { id: 'work', address: 'Office 12, MIDC Area, Latur' },
            ],
          }
        : { status: 404, data: { msg: 'no', message: 'no', code: 'NOT_FOUND' } },
    );
    await renderCheckout();
    const saved = await screen.findByRole('combobox', { name: T.fields.savedAddress });
    await user.selectOptions(saved, 'Office 12, MIDC Area, Latur');
    expect(screen.getByRole('textbox', { name: T.fields.address })).toHaveValue(
      'Office 12, MIDC Area, Latur',
    );
  });

  it('asks for the agreement before anything else happens while pre-orders are open', async () => {
    const user = userEvent.setup();
    const requests = paymentApi({ settings: PRE_ORDERS_OPEN });
    await renderCheckout();
    await fillForm(user);
    expect(submit()).toHaveAttribute('aria-disabled', 'true');
    await user.click(submit());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(SHOP_MESSAGES.agreementRequiredTitle);
    expect(alert).toHaveTextContent(SHOP_MESSAGES.agreementRequired);
    expect(requests.filter((request) => request.url === '/orders')).toHaveLength(0);
  });

  it('asks for the agreement with the owner’s pre-order notice and first dispatch day', async () => {
    const user = userEvent.setup();
    const requests = paymentApi({ settings: PRE_ORDERS_OPEN });
    await renderCheckout();
    const agreement = await screen.findByRole('region', { name: T.agreementHeading });
    expect(agreement).toHaveTextContent(T.agreement(preOrderNotice(PRE_ORDERS_OPEN.preOrder)));
    expect(agreement).toHaveTextContent('First dispatch: Mon, 12 Jan.');
    await fillForm(user);
    expect(submit()).toHaveAttribute('aria-disabled', 'true');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(SHOP_MESSAGES.agreementRequired);
    expect(requests.filter((request) => request.url === '/orders')).toHaveLength(0);
    await user.click(within(agreement).getByRole('checkbox', { name: T.agreementLabel }));
    await user.click(submit());
    await screen.findByRole('dialog', { name: TEST_PAYMENT_TEXTS.title });
    expect(requests.filter((request) => request.url === '/orders')).toHaveLength(1);
  });

  it.each([
    ['off', { ...PRE_ORDERS_OPEN.preOrder, on: false }],
    ['past their first dispatch day', { ...PRE_ORDERS_OPEN.preOrder, dispatchFrom: '2020-01-06' }],
  ])(
    'asks for no agreement while pre-orders are %s, and places the order without one',
    async (_, preOrder) => {
      const user = userEvent.setup();
      const requests = paymentApi({ settings: { ...DEFAULT_SHOP_SETTINGS, preOrder } });
      await renderCheckout();
      // Never drawn, not even for a moment before the owner's settings arrive.
      expect(screen.queryByRole('region', { name: T.agreementHeading })).not.toBeInTheDocument();
      await waitFor(() => expect(submit()).toHaveAttribute('aria-disabled', 'false'));
      expect(screen.queryByRole('checkbox', { name: T.agreementLabel })).not.toBeInTheDocument();
      expect(screen.queryByRole('region', { name: T.agreementHeading })).not.toBeInTheDocument();
      expect(screen.queryByText(/Pre-bookings are open/)).not.toBeInTheDocument();
      // The policies stay linked.
      const form = within(submit().closest('form')!);
      expect(form.getByRole('link', { name: T.termsLink })).toHaveAttribute('href', '/terms');
      await fillForm(user);
      expect(submit()).toHaveAttribute('aria-disabled', 'false');
      await user.click(submit());
      await screen.findByRole('dialog', { name: TEST_PAYMENT_TEXTS.title });
      expect(screen.queryByText(SHOP_MESSAGES.agreementRequired)).not.toBeInTheDocument();
      expect(requests.filter((request) => request.url === '/orders')).toHaveLength(1);
    },
  );

  it('shows CGST and SGST for Maharashtra and IGST for any other state', async () => {
    const user = userEvent.setup();
    await renderCheckout();
    const summary = screen.getByRole('complementary', { name: T.summaryHeading });
    expect(within(summary).getByText('CGST')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: T.fields.state }), 'Karnataka');
    expect(within(summary).getByText('IGST')).toBeInTheDocument();
    expect(within(summary).queryByText('CGST')).toBeNull();
    await user.selectOptions(screen.getByRole('combobox', { name: T.fields.state }), 'Maharashtra');
    expect(within(summary).getByText('SGST')).toBeInTheDocument();
  });

  it('places the order, pays in the test dialog, verifies and opens the confirmation', async () => {
    const user = userEvent.setup();
    const requests = paymentApi();
    const { router } = await renderCheckout();
    await fillForm(user);
    await user.click(submit());

    const dialog = await screen.findByRole('dialog', { name: TEST_PAYMENT_TEXTS.title });
    expect(dialog).toHaveTextContent(TEST_PAYMENT_TEXTS.badge);
    expect(screen.getByRole('button', { name: T.processing })).toBeDisabled();

    const order = requests.find((request) => request.url === '/orders');
    expect(order?.headers['idempotency-key']).toMatch(/^[\da-f-]{36}$/);
    expect(order?.body).toEqual({
      data: {
        firstName: 'Asha',
        lastName: 'Patil',
        email: 'asha@example.com',
        phone: '9876543210',
        address: '12 MG Road, Indiranagar',
        city: 'Bengaluru',
        state: 'Karnataka',
        pinCode: '560038',
        country: 'IN',
        paymentMethod: 'upi',
        whatsapp: false,
        cart_summary: 'Body Butter x2',
        total_amount: '698.00',
        items: [{ productId: 'Bodybutter', quantity: 2 }],
      },
    });

    await user.click(within(dialog).getByRole('button', { name: 'Pay ₹698.00' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order-confirmation'));
    expect(router.state.location.search).toBe(`?order=${ORDER_ID}`);
    expect(requests.find((request) => request.url === '/payments/verify')?.body).toEqual({
      orderId: ORDER_ID,
      ...PAYMENT_RESPONSE,
    });
    expect(
      await screen.findByText(`Payment ID: ${PAYMENT_RESPONSE.razorpay_payment_id}`),
    ).toBeInTheDocument();
    expect(screen.getByText(SHOP_MESSAGES.paymentSuccessTitle)).toBeInTheDocument();
    expect(getCartLines()).toEqual([]);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank You For Your Order!' }),
    ).toBeInTheDocument();
  });

  it('ends the busy state when the payment dialog is closed, and keeps the cart', async () => {
    const user = userEvent.setup();
    paymentApi();
    await renderCheckout();
    await fillForm(user);
    await user.click(submit());
    const dialog = await screen.findByRole('dialog', { name: TEST_PAYMENT_TEXTS.title });
    await user.click(within(dialog).getByRole('button', { name: TEST_PAYMENT_TEXTS.cancel }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(submit()).toBeEnabled();
    expect(getCartLines()).toHaveLength(1);
  });

  it('says so when the payment fails, and stays on the form', async () => {
    const user = userEvent.setup();
    paymentApi({ outcome: 'failure' });
    const { router } = await renderCheckout();
    await fillForm(user);
    await user.click(submit());
    const dialog = await screen.findByRole('dialog', { name: TEST_PAYMENT_TEXTS.title });
    await user.click(within(dialog).getByRole('button', { name: TEST_PAYMENT_TEXTS.fail }));
    expect(await screen.findByText('Card declined (test)')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/checkout');
    expect(submit()).toBeEnabled();
  });

  it('shows Error / Failed to submit order. when the order cannot be placed', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    paymentApi({ orderStatus: 500 });
    await renderCheckout();
    await fillForm(user);
    await user.click(submit());
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent(SHOP_MESSAGES.orderFailed));
    expect(alert).toHaveTextContent(SHOP_MESSAGES.orderFailedTitle);
    expect(submit()).toBeEnabled();
  });
});
