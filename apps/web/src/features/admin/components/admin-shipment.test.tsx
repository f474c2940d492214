import { ORDER_REFUSALS } from '@vanya/contracts';
import type { AdminOrderDetail, AdminOrderList, Order, Shipment } from '@vanya/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { setSession } from '../../../lib/auth-storage';
import { mockApi, type MockReply, type MockRequest } from '../../../testing/mock-api';
import { ORDER_ID, orderFixture, ownerView } from '../../../testing/order-fixtures';
import { renderRoute } from '../../../testing/render-route';
import { userFixture } from '../../../testing/user-fixtures';
import { SHIPPING_ADMIN_TEXTS as S } from '../shipping-texts';
import { ADMIN_TEXTS as T } from '../texts';

const AT = '2025-08-14T09:30:00.000Z';
const SHIPMENT: Shipment = {
  awb: '190414247515',
  courier: 'Delhivery Surface',
  labelUrl: `/api/admin/orders/${ORDER_ID}/label`,
  trackingUrl: 'https://shiprocket.co/tracking/190414247515',
  bookedAt: '2025-08-15T05:00:00.000Z',
  lastScan: null,
};

function order(status: Order['status']): Order {
  return orderFixture(undefined, {
    status,
    paidAt: AT,
    events: [
      { status: 'pending_payment', at: AT, by: 'shopper' },
      { status: 'paid', at: AT, by: 'system' },
      { status: 'packed', at: AT, by: 'owner' },
    ],
  });
}

/** The owner's API with one order and its booking (null until booked); writes go to `onWrite`. */
function ownerApi(
  state: { order: Order; shipment: Shipment | null },
  onWrite: (request: MockRequest) => MockReply,
) {
  return mockApi((request) => {
    if (request.method !== 'GET') return onWrite(request);
    const booking = state.shipment;
    const detail: AdminOrderDetail = {
      order: ownerView(state.order, booking),
      paymentEvents: [],
      invoice: null,
      paymentHold: null,
      refunded: 0,
      messages: [],
    };
    const list: AdminOrderList = {
      items: [
        {
          _id: ORDER_ID,
          orderNumber: state.order.orderNumber,
          status: state.order.status,
          createdAt: AT,
          name: 'Asha Patil',
          email: state.order.email,
          phone: state.order.phone,
          city: state.order.city,
          state: state.order.state,
          total: state.order.totals.grandTotal,
          paymentMethod: 'upi',
          paymentHeld: false,
          nextActions: ownerView(state.order, booking).nextActions,
        },
      ],
      total: 1,
      page: 1,
      limit: 20,
    };
    const answers: Record<string, unknown> = {
      '/auth/me': { user: userFixture({ name: 'Meera Deshmukh' }) },
      '/admin/orders': list,
      [`/admin/orders/${ORDER_ID}`]: detail,
      [`/admin/orders/${ORDER_ID}/shipment`]: { shipment: state.shipment },
    };
    return { status: 200, data: answers[request.url] ?? [] };
  });
}

async function openOrder() {
  setSession('token-owner', { name: 'Meera Deshmukh', email: 'meera@example.in' });
  const user = userEvent.setup();
  renderRoute('/admin?tab=orders');
  const row = (await screen.findByText(/VNY-482913 · Asha Patil/)).closest('li')!;
  await user.click(within(row).getByRole('button', { name: `${T.orders.open} VNY-482913` }));
  await screen.findByRole('heading', { level: 2, name: 'VNY-482913' });
  return user;
}

describe("the owner's courier booking", () => {
  afterEach(() => vi.restoreAllMocks());

  it('books a packed order and shows its AWB, courier, label and tracking link; typing by hand stays', async () => {
    const state = { order: order('packed'), shipment: null as Shipment | null };
    const requests = ownerApi(state, (request) => {
      if (request.url !== `/admin/orders/${ORDER_ID}/shipment`) return { status: 404 };
      state.shipment = SHIPMENT;
      return { status: 200, data: SHIPMENT };
    });
    const user = await openOrder();

    const courier = await screen.findByRole('region', { name: S.heading });
    expect(courier).toHaveTextContent(S.bookHint);
    // Shipped another way: the carrier and tracking number typed by hand are still there.
    expect(screen.getByText(`${S.otherWay}.`)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: T.orders.carrier })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: T.orders.ship })).toBeInTheDocument();

    await user.click(within(courier).getByRole('button', { name: S.book }));
    expect(await within(courier).findByRole('status')).toHaveTextContent(S.booked('190414247515'));
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual([
      `/admin/orders/${ORDER_ID}/shipment`,
    ]);
    expect(within(courier).getByText('190414247515')).toBeInTheDocument();
    expect(within(courier).getByText('Delhivery Surface')).toBeInTheDocument();
    expect(within(courier).getByText(S.noScanYet)).toBeInTheDocument();
    expect(within(courier).getByRole('link', { name: S.track })).toHaveAttribute(
      'href',
      SHIPMENT.trackingUrl,
    );
    expect(within(courier).queryByRole('button', { name: S.book })).not.toBeInTheDocument();

    // The label is fetched with the owner's session and opened as a PDF.
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    URL.createObjectURL = vi.fn(() => 'blob:label');
    await user.click(within(courier).getByRole('button', { name: S.label }));
    expect(requests.at(-1)?.url).toBe(`/admin/orders/${ORDER_ID}/label`);
    expect(open).toHaveBeenCalledWith('blob:label', '_blank', 'noopener');
  });

  it('turns a booked order into cancelling its pickup first, saying why, with no shipping by hand', async () => {
    const state = { order: order('packed'), shipment: SHIPMENT as Shipment | null };
    const requests = ownerApi(state, (request) => {
      if (request.method !== 'DELETE') return { status: 404 };
      state.shipment = null;
      return { status: 200, data: { shipment: null } };
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = await openOrder();
    const courier = await screen.findByRole('region', { name: S.heading });
    expect(courier).toHaveTextContent(S.waitingForPickup('Delhivery Surface'));
    const moves = screen.getByRole('form', { name: T.orders.actions });
    expect(moves).toHaveTextContent(ORDER_REFUSALS.pickupFirst.message);
    expect(moves).toHaveTextContent(ORDER_REFUSALS.booked.message);
    expect(screen.queryByRole('textbox', { name: T.orders.carrier })).not.toBeInTheDocument();
    for (const name of [T.orders.ship, T.orders.cancel, T.orders.cancelUnpaid])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();

    await user.click(within(courier).getByRole('button', { name: S.cancelPickup }));
    expect(await within(courier).findByRole('status')).toHaveTextContent(S.pickupCancelled);
    expect(requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.url}`)).toEqual([
      `DELETE /admin/orders/${ORDER_ID}/shipment`,
    ]);
    expect(within(courier).getByRole('button', { name: S.book })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: T.orders.carrier })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: T.orders.cancelUnpaid })).toBeInTheDocument();
  });

  it('says why a booking failed and lets the owner try again', async () => {
    const state = { order: order('packed'), shipment: null as Shipment | null };
    let attempts = 0;
    ownerApi(state, () => {
      attempts += 1;
      if (attempts === 1)
        return {
          status: 503,
          data: {
            code: 'SHIPPING_UNAVAILABLE',
            msg: 'The courier service is not answering right now.',
            message: 'The courier service is not answering right now.',
          },
        };
      state.shipment = SHIPMENT;
      return { status: 200, data: SHIPMENT };
    });
    const user = await openOrder();
    const courier = await screen.findByRole('region', { name: S.heading });
    await user.click(within(courier).getByRole('button', { name: S.book }));
    expect(await within(courier).findByRole('alert')).toHaveTextContent(
      'The courier service is not answering right now.',
    );
    await user.click(within(courier).getByRole('button', { name: S.book }));
    expect(await within(courier).findByText('190414247515')).toBeInTheDocument();
    expect(attempts).toBe(2);
  });

  it('shows the booking and the latest scan of a shipped order, and no booking for one not packed', async () => {
    const state = {
      order: order('shipped'),
      shipment: { ...SHIPMENT, lastScan: 'OUT FOR DELIVERY' } as Shipment | null,
    };
    ownerApi(state, () => ({ status: 404 }));
    await openOrder();
    const courier = await screen.findByRole('region', { name: S.heading });
    expect(within(courier).getByText('OUT FOR DELIVERY')).toBeInTheDocument();
    expect(within(courier).queryByRole('button', { name: S.book })).not.toBeInTheDocument();
  });

  it('offers no booking before the order is packed', async () => {
    ownerApi({ order: order('paid'), shipment: null }, () => ({ status: 404 }));
    await openOrder();
    expect(await screen.findByRole('button', { name: T.orders.pack })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: S.heading })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: S.book })).not.toBeInTheDocument();
  });
});
