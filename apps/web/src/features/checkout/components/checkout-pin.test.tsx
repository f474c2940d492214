import type { PincodeAnswer } from '@vanya/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { DELIVERY_TEXTS } from '../../../components/delivery/delivery-texts';
import { setSession, type SessionUser } from '../../../lib/auth-storage';
import { rememberPin } from '../../../lib/delivery-pin';
import { addToCart } from '../../../lib/cart-store';
import { mockApi } from '../../../testing/mock-api';
import { renderRoute } from '../../../testing/render-route';
import { CHECKOUT_TEXTS as T } from '../texts';

const estimate = { minDays: 4, maxDays: 7, from: '2026-12-03', to: '2026-12-07' };
const PLACES: Record<string, PincodeAnswer> = {
  '413512': {
    pin: '413512',
    state: 'Maharashtra',
    district: 'Latur',
    town: 'Latur',
    serviceable: true,
    cod: true,
    codFee: 4900,
    codMaxGoods: 300000,
    estimate: { minDays: 1, maxDays: 2, from: '2026-11-30', to: '2026-12-01' },
  },
  '160017': {
    pin: '160017',
    state: 'Chandigarh',
    district: 'Chandigarh',
    town: 'Chandigarh',
    serviceable: true,
    cod: true,
    codFee: 4900,
    codMaxGoods: 300000,
    estimate,
  },
};

/** The shop's API: the PIN directory above, and an order refused so that nothing goes further. */
function checkoutApi() {
  return mockApi(({ url }) => {
    if (url.startsWith('/pincodes/')) {
      const place = PLACES[url.replace('/pincodes/', '')];
      return place
        ? { status: 200, data: place }
        : { status: 404, data: { msg: 'No such PIN code.', message: 'x', code: 'UNKNOWN_PIN' } };
    }
    if (url === '/wishlist') return { status: 200, data: [] };
    if (url === '/orders')
      return { status: 500, data: { msg: 'Stop here.', message: 'Stop here.', code: 'INTERNAL' } };
    return { status: 404, data: { msg: 'no', message: 'no', code: 'NOT_FOUND' } };
  });
}

async function renderCheckout(
  user: SessionUser = { name: 'Asha Patil', email: 'asha@example.com' },
) {
  setSession('token-checkout', user);
  addToCart('Bodybutter', 1);
  renderRoute('/checkout');
  await screen.findByRole('heading', { level: 1, name: T.heading });
  return {
    city: screen.getByRole('textbox', { name: T.fields.city }),
    state: screen.getByRole('combobox', { name: T.fields.state }),
    pin: screen.getByRole('textbox', { name: T.fields.pinCode }),
  };
}

async function fillTheRest(user: UserEvent) {
  await user.type(screen.getByRole('textbox', { name: T.fields.phone }), '9876543210');
  await user.type(screen.getByRole('textbox', { name: T.fields.address }), '14 Station Road');
  // The owner's settings have come (the order waits for them).
  await waitFor(() =>
    expect(screen.getByRole('button', { name: T.continueToPayment })).toHaveAttribute(
      'aria-disabled',
      'false',
    ),
  );
}

const submit = () => screen.getByRole('button', { name: T.continueToPayment });
const conflict = (state: string) => DELIVERY_TEXTS.stateConflict(state);

describe('/checkout: the PIN code', () => {
  it('fills an empty city and state from the PIN and says when the parcel would arrive', async () => {
    checkoutApi();
    const user = userEvent.setup();
    const { city, state, pin } = await renderCheckout();

    await user.type(pin, '413512');

    await waitFor(() => expect(city).toHaveValue('Latur'));
    expect(state).toHaveValue('Maharashtra');
    expect(pin).toHaveAccessibleDescription('Latur, Maharashtra · Delivery by Tue, 1 Dec');
  });

  it('fills the city and state again for another PIN, except a field the shopper edited', async () => {
    checkoutApi();
    const user = userEvent.setup();
    const { city, state, pin } = await renderCheckout();

    await user.type(pin, '413512');
    await waitFor(() => expect(city).toHaveValue('Latur'));
    await user.clear(pin);
    await user.type(pin, '160017');
    await waitFor(() => expect(city).toHaveValue('Chandigarh'));
    expect(state).toHaveValue('Chandigarh');

    await user.clear(city);
    await user.type(city, 'Sector 17');
    await user.clear(pin);
    await user.type(pin, '413512');
    await waitFor(() => expect(state).toHaveValue('Maharashtra'));
    expect(city).toHaveValue('Sector 17');
  });

  it('starts from the PIN last checked on this device and the account’s verified mobile', async () => {
    checkoutApi();
    rememberPin('413512');
    const { city, state, pin } = await renderCheckout({
      name: 'Asha Patil',
      email: 'asha@example.com',
      phone: '9822045123',
      phoneVerified: true,
    });

    expect(pin).toHaveValue('413512');
    await waitFor(() => expect(city).toHaveValue('Latur'));
    expect(state).toHaveValue('Maharashtra');
    expect(screen.getByRole('textbox', { name: T.fields.phone })).toHaveValue('9822045123');
  });

  it('leaves the mobile empty when the account’s number is not verified', async () => {
    checkoutApi();
    await renderCheckout({ name: 'Asha Patil', phone: '9822045123', phoneVerified: false });
    expect(screen.getByRole('textbox', { name: T.fields.phone })).toHaveValue('');
  });

  it('puts the PIN code before the city and state it fills', async () => {
    checkoutApi();
    const { city, state, pin } = await renderCheckout();
    const follows = (a: Element, b: Element) =>
      Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(pin, city)).toBe(true);
    expect(follows(city, state)).toBe(true);
  });

  it('keeps a city the shopper typed', async () => {
    checkoutApi();
    const user = userEvent.setup();
    const { city, state, pin } = await renderCheckout();

    await user.type(city, 'Ausa');
    await user.type(pin, '413512');

    await waitFor(() => expect(state).toHaveValue('Maharashtra'));
    expect(city).toHaveValue('Ausa');
  });

  it('flags a state the PIN contradicts and holds the order until it is fixed', async () => {
    const requests = checkoutApi();
    const user = userEvent.setup();
    const { city, state, pin } = await renderCheckout();
    await fillTheRest(user);
    await user.type(city, 'Chandigarh');
    await user.selectOptions(state, 'Karnataka');

    await user.type(pin, '160017');

    expect(await screen.findByText(conflict('Chandigarh'))).toBeInTheDocument();
    expect(state).toHaveAccessibleDescription(conflict('Chandigarh'));
    expect(state).toHaveAttribute('aria-invalid', 'true');
    // The state stays what the shopper chose: only an empty one is filled.
    expect(state).toHaveValue('Karnataka');

    await user.click(submit());
    expect(state).toHaveFocus();
    expect(requests.filter((r) => r.url === '/orders')).toEqual([]);

    await user.selectOptions(state, 'Chandigarh');
    expect(screen.queryByText(conflict('Chandigarh'))).not.toBeInTheDocument();
    await user.click(submit());
    await waitFor(() => expect(requests.filter((r) => r.url === '/orders')).toHaveLength(1));
    expect(requests.find((r) => r.url === '/orders')?.body).toMatchObject({
      data: { state: 'Chandigarh', pinCode: '160017', city: 'Chandigarh' },
    });
  });

  it('lets the shopper settle a contradiction by changing the PIN instead', async () => {
    checkoutApi();
    const user = userEvent.setup();
    const { state, pin } = await renderCheckout();
    await user.selectOptions(state, 'Maharashtra');
    await user.type(pin, '160017');
    expect(await screen.findByText(conflict('Chandigarh'))).toBeInTheDocument();

    await user.clear(pin);
    await user.type(pin, '413512');
    await waitFor(() =>
      expect(pin).toHaveAccessibleDescription('Latur, Maharashtra · Delivery by Tue, 1 Dec'),
    );
    expect(screen.queryByText(conflict('Chandigarh'))).not.toBeInTheDocument();
    expect(state).toHaveAttribute('aria-invalid', 'false');
  });

  it('only hints at a PIN the directory does not know, and lets the order go', async () => {
    const requests = checkoutApi();
    const user = userEvent.setup();
    const { city, state, pin } = await renderCheckout();
    await fillTheRest(user);
    await user.type(city, 'Latur');
    await user.selectOptions(state, 'Maharashtra');

    await user.type(pin, '413599');

    await waitFor(() => expect(pin).toHaveAccessibleDescription(DELIVERY_TEXTS.pinUnknownHint));
    await user.click(submit());
    await waitFor(() => expect(requests.filter((r) => r.url === '/orders')).toHaveLength(1));
  });
});
