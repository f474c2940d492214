import { DEFAULT_SHOP_SETTINGS, formatINR, PRE_ORDER, type ShopSettings } from '@vanya/catalog';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { setSession } from '../../../lib/auth-storage';
import { mockApi } from '../../../testing/mock-api';
import { ORDER_ID, orderFixture } from '../../../testing/order-fixtures';
import { renderRoute } from '../../../testing/render-route';
import { ORDER_TEXTS } from '../texts';

describe('/order-confirmation', () => {
  it('reads the order from the API after a reload, with its number, payment id and total paid', async () => {
    setSession('token-orders', { name: 'Asha Patil', email: 'asha@example.com' });
    const order = orderFixture(undefined, { status: 'paid', paymentId: 'pay_TEST987654' });
    const requests = mockApi((request) =>
      request.url === `/orders/${ORDER_ID}`
        ? { status: 200, data: order }
        : { status: 200, data: [] },
    );
    renderRoute(`/order-confirmation?order=${ORDER_ID}`);

    expect(
      await screen.findByRole('heading', { level: 1, name: ORDER_TEXTS.confirmationHeading }),
    ).toBeInTheDocument();
    expect(requests.some((request) => request.url === `/orders/${ORDER_ID}`)).toBe(true);
    expect(
      screen.getByText('Your order VNY-482913 has been successfully placed.'),
    ).toBeInTheDocument();
    expect(screen.getByText(ORDER_TEXTS.paymentId).nextSibling).toHaveTextContent('pay_TEST987654');
    expect(screen.getByText(ORDER_TEXTS.totalPaid).nextSibling).toHaveTextContent(
      formatINR(order.totals.grandTotal),
    );
    expect(formatINR(order.totals.grandTotal)).toBe('₹698.00');
    expect(screen.getByRole('heading', { name: ORDER_TEXTS.whatsNext })).toBeInTheDocument();
    expect(screen.getByText(PRE_ORDER.shippingConfirmationNote)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: ORDER_TEXTS.continueShopping })).toHaveAttribute(
      'href',
      '/products',
    );
    expect(screen.getByRole('link', { name: ORDER_TEXTS.backHome })).toHaveAttribute('href', '/');
  });

  /** The confirmation of a paid order, GET /shop-settings answering `settings`. */
  async function confirmationWith(settings: ShopSettings) {
    setSession('token-orders', { name: 'Asha Patil', email: 'asha@example.com' });
    const order = orderFixture(undefined, { status: 'paid', paymentId: 'pay_TEST987654' });
    mockApi((request) =>
      request.url === `/orders/${ORDER_ID}`
        ? { status: 200, data: order }
        : request.url === '/shop-settings'
          ? { status: 200, data: settings }
          : { status: 200, data: [] },
    );
    renderRoute(`/order-confirmation?order=${ORDER_ID}`);
    await screen.findByRole('heading', { level: 1, name: ORDER_TEXTS.confirmationHeading });
    const next = screen.getByRole('heading', { name: ORDER_TEXTS.whatsNext }).parentElement!;
    return within(next);
  }

  it("lists what's next with the owner's pre-order notice while pre-orders are open", async () => {
    const next = await confirmationWith({
      ...DEFAULT_SHOP_SETTINGS,
      preOrder: { on: true, dispatchFrom: '2099-01-12', text: 'Dispatch starts mid-January.' },
    });
    expect(
      await next.findByText('Dispatch starts mid-January. First dispatch: Mon, 12 Jan.'),
    ).toBeInTheDocument();
    expect(next.queryByText(PRE_ORDER.dispatchNote)).not.toBeInTheDocument();
    expect(next.getByText(PRE_ORDER.shippingConfirmationNote)).toBeInTheDocument();
  });

  it("leaves the pre-order lines out of what's next while pre-orders are off", async () => {
    const next = await confirmationWith({
      ...DEFAULT_SHOP_SETTINGS,
      preOrder: { ...DEFAULT_SHOP_SETTINGS.preOrder, on: false },
    });
    expect(await next.findByText('Your order is confirmed.')).toBeInTheDocument();
    await waitFor(() => expect(next.getAllByRole('listitem')).toHaveLength(2));
    expect(next.queryByText(PRE_ORDER.dispatchNote)).not.toBeInTheDocument();
    expect(next.queryByText(/pre-order/i)).not.toBeInTheDocument();
    expect(next.getByText(PRE_ORDER.shippingConfirmationNote)).toBeInTheDocument();
  });

  it('says when the order cannot be loaded instead of showing a blank page', async () => {
    setSession('token-orders', { name: 'Asha Patil', email: 'asha@example.com' });
    mockApi(() => ({
      status: 404,
      data: { msg: 'Not found', message: 'Not found', code: 'NOT_FOUND' },
    }));
    renderRoute(`/order-confirmation?order=${ORDER_ID}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: ORDER_TEXTS.loadFailedHeading }),
    ).toBeInTheDocument();
  });
});
