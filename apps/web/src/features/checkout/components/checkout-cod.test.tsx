import { formatINR, priceCart } from '@vanya/catalog';
import type { Order, PincodeAnswer, User } from '@vanya/contracts';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { getUser, setSession, type SessionUser } from '../../../lib/auth-storage';
import { addToCart, getCartLines } from '../../../lib/cart-store';
import { mockApi } from '../../../testing/mock-api';
import { orderFixture } from '../../../testing/order-fixtures';
import { renderRoute } from '../../../testing/render-route';
import { userFixture } from '../../../testing/user-fixtures';
import { COD_TEXTS } from '../../orders';
import { CHECKOUT_TEXTS as T } from '../texts';

const LATUR: PincodeAnswer = {
  pin: '413512',
  state: 'Maharashtra',
  district: 'Latur',
  town: 'Latur',
  serviceable: true,
  cod: true,
  codFee: 4900,
  codMaxGoods: 300000,
  estimate: { minDays: 1, maxDays: 2, from: '2026-11-30', to: '2026-12-01' },
};
const PORT_BLAIR: PincodeAnswer = {
  ...LATUR,
  pin: '744101',
  state: 'Andaman and Nicobar Islands',
  district: 'South Andamans',
  town: 'Port Blair',
  cod: false,
};

/** The API: the two PINs, and a cash-on-delivery order placed and then confirmed by its code. */
function codApi(order: Order, account: User = userFixture({ phone: '9876543210' })) {
  return mockApi(({ url, method, body }) => {
    if (url === '/auth/me') return { status: 200, data: { data: { user: account } } };
    if (url.startsWith('/pincodes/')) {
      const place = { '413512': LATUR, '744101': PORT_BLAIR }[url.replace('/pincodes/', '')];
      return place ? { status: 200, data: place } : { status: 404, data: {} };
    }
    if (url === '/wishlist') return { status: 200, data: [] };
    if (url === '/orders' && method === 'POST')
      return {
        status: 201,
        data: {
          order,
          payment: null,
          codConfirmation: { sentTo: '98xxxxxx10', retryAfterSeconds: 30 },
        },
      };
    if (url === `/orders/${order._id}/confirm-cod`)
      return (body as { code: string }).code === '123456'
        ? { status: 200, data: { ...order, status: 'confirmed' } }
        : {
            status: 400,
            data: { msg: 'Invalid code.', message: 'Invalid code.', code: 'INVALID_OTP' },
          };
    if (url === `/orders/${order._id}`) return { status: 200, data: order };
    return { status: 404, data: { msg: 'no', message: 'no', code: 'NOT_FOUND' } };
  });
}

async function renderCheckout(user: SessionUser = { phone: '9876543210', phoneVerified: true }) {
  setSession('token-cod', { name: 'Asha Patil', email: 'asha@example.com', ...user });
  addToCart('Bodybutter', 1);
  renderRoute('/checkout');
  await screen.findByRole('heading', { level: 1, name: T.heading });
}

const codRadio = () => screen.getByRole('radio', { name: /Cash on delivery/ });

describe('/checkout: cash on delivery', () => {
  it('offers it once the PIN allows it, adds the fee, and asks for the SMS code after placing', async () => {
    const items = [{ productId: 'Bodybutter', quantity: 1 }];
    const priced = priceCart(items, { deliveryState: 'Maharashtra', codFee: 4900 });
    const order = orderFixture(items, {
      status: 'pending_confirmation',
      paymentMethod: 'cod',
      cod: { status: 'due', amountDue: priced.grandTotal },
    });
    const requests = codApi(order);
    const user = userEvent.setup();
    await renderCheckout();

    expect(codRadio()).toBeDisabled();
    expect(screen.getByText(T.cod.enterPin)).toBeInTheDocument();
    // Paying online (UPI is chosen first): the card or UPI payment, by Razorpay.
    expect(screen.getByText(T.lead)).toBeInTheDocument();
    expect(screen.getByText(T.secureNote)).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: T.fields.pinCode }), '413512');
    await waitFor(() => expect(codRadio()).toBeEnabled());
    await user.click(codRadio());
    // Cash on delivery: the courier is paid at the door; no word of a payment by Razorpay.
    expect(screen.getByText(T.leadCod)).toBeInTheDocument();
    expect(screen.getByText(T.codNote)).toBeInTheDocument();
    expect(screen.queryByText(T.secureNote)).not.toBeInTheDocument();
    expect(screen.queryByText(T.lead)).not.toBeInTheDocument();
    expect(screen.queryByText(/Razorpay/)).not.toBeInTheDocument();
    expect(screen.getByTestId('summary-total')).toHaveTextContent(formatINR(priced.grandTotal));
    expect(screen.getByText('Cash on delivery fee').nextSibling).toHaveTextContent(formatINR(4900));

    // The account's verified mobile is there already.
    expect(screen.getByRole('textbox', { name: T.fields.phone })).toHaveValue('9876543210');
    await user.type(screen.getByRole('textbox', { name: T.fields.address }), '14 Station Road');
    const place = screen.getByRole('button', { name: T.placeCodOrder });
    await waitFor(() => expect(place).toHaveAttribute('aria-disabled', 'false'));
    await user.click(place);

    await waitFor(() => expect(requests.some((r) => r.url === '/orders')).toBe(true));
    expect(requests.find((r) => r.url === '/orders')?.body).toMatchObject({
      data: { paymentMethod: 'cod', total_amount: (priced.grandTotal / 100).toFixed(2) },
    });
    expect(await screen.findByText(COD_TEXTS.sentTo('98xxxxxx10'), { exact: false })).toBeVisible();
    expect(getCartLines()).toEqual([]);

    const code = screen.getByRole('textbox', { name: COD_TEXTS.codeLabel });
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: COD_TEXTS.confirm }));
    await waitFor(() => expect(code).toHaveAccessibleDescription('Invalid code.'));
    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: COD_TEXTS.confirm }));
    expect(await screen.findByText(order.orderNumber, { exact: false })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: COD_TEXTS.codeLabel })).not.toBeInTheDocument();
  });

  it('says why it is not offered for a PIN without it', async () => {
    codApi(orderFixture());
    const user = userEvent.setup();
    await renderCheckout();
    await user.type(screen.getByRole('textbox', { name: T.fields.pinCode }), '744101');
    expect(await screen.findByText(T.cod.notForPin)).toBeInTheDocument();
    expect(codRadio()).toBeDisabled();
  });

  it('asks an account without a verified phone to verify one', async () => {
    for (const phone of [
      { phone: '', phoneVerified: false },
      { phone: '9876543210', phoneVerified: false },
    ]) {
      codApi(orderFixture(), userFixture(phone));
      const user = userEvent.setup();
      await renderCheckout(phone);
      await user.type(screen.getByRole('textbox', { name: T.fields.pinCode }), '413512');
      expect(await screen.findByText(T.cod.needsPhone)).toBeInTheDocument();
      expect(codRadio()).toBeDisabled();
      cleanup();
      window.localStorage.clear();
    }
  });

  it('offers it to a session stored before it knew the phone, once the account is read again', async () => {
    codApi(orderFixture(), userFixture({ phone: '9876543210', phoneVerified: true }));
    const user = userEvent.setup();
    // What a session stored by an older version of the shop holds: no phone.
    await renderCheckout({});
    await user.type(screen.getByRole('textbox', { name: T.fields.pinCode }), '413512');
    await waitFor(() => expect(codRadio()).toBeEnabled());
    expect(getUser()).toMatchObject({ phone: '9876543210', phoneVerified: true });
    // The verified mobile fills the empty field.
    expect(screen.getByRole('textbox', { name: T.fields.phone })).toHaveValue('9876543210');
  });
});
