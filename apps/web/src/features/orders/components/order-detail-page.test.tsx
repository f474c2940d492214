import { formatINR } from '@vanya/catalog';
import { ORDER_REFUSALS, ORDER_STATUS_LABELS, type Order } from '@vanya/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { setSession } from '../../../lib/auth-storage';
import { mockApi } from '../../../testing/mock-api';
import { ORDER_ID, orderFixture } from '../../../testing/order-fixtures';
import { renderRoute } from '../../../testing/render-route';
import { ORDER_DETAIL_TEXTS as T } from '../texts';

const PATH = `/profile/orders/${ORDER_ID}`;
const PLACED = '2025-08-14T09:30:00.000Z';
const PAID = '2025-08-14T09:32:00.000Z';

function signIn() {
  setSession('token-orders', { name: 'Asha Patil', email: 'asha@example.com' });
}

function paidOrder(overrides: Partial<Order> = {}): Order {
  return orderFixture(undefined, {
    status: 'paid',
    paidAt: PAID,
    paymentId: 'pay_TEST987654',
    events: [
      { status: 'pending_payment', at: PLACED, by: 'shopper' },
      { status: 'paid', at: PAID, by: 'system' },
    ],
    ...overrides,
  });
}

async function findTitle(order: Order) {
  return screen.findByRole('heading', { level: 1, name: T.title(order.orderNumber) });
}

describe('/profile/orders/:id', () => {
  it('shows the lines, the totals with the IGST split, the address and the timeline in IST', async () => {
    signIn();
    const order = paidOrder();
    mockApi((request) => {
      if (request.url === `/orders/${ORDER_ID}`) return { status: 200, data: order };
      if (request.url === '/invoices') {
        return {
          status: 200,
          data: [
            {
              _id: 'inv1',
              orderId: ORDER_ID,
              amount: order.totals.grandTotal,
              date: PAID,
              downloadUrl: '/api/invoices/inv1/pdf?sig=abc',
              invoiceNumber: 'VNY/25-26/000001',
            },
          ],
        };
      }
      return { status: 200, data: [] };
    });
    renderRoute(PATH);

    await findTitle(order);
    expect(
      screen.getByText(ORDER_STATUS_LABELS.paid, { selector: '.order-status' }),
    ).toBeInTheDocument();
    const steps = screen.getAllByRole('listitem').filter((item) => item.closest('.order-timeline'));
    expect(steps).toHaveLength(2);
    expect(steps[0]).toHaveTextContent(T.timelineSteps.pending_payment);
    expect(steps[0]).toHaveTextContent('14 Aug 2025, 3:00 pm IST');
    expect(steps[0]).toHaveTextContent(T.actors.shopper);
    expect(steps[1]).toHaveTextContent(T.timelineSteps.paid);
    expect(steps[1]).toHaveTextContent(T.actors.system);
    expect(steps[1]).toHaveAttribute('aria-current', 'step');

    expect(screen.getByText(order.lines[0]!.name)).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: T.summaryHeading });
    expect(within(summary).getByText(T.grandTotal).nextSibling).toHaveTextContent(
      formatINR(order.totals.grandTotal),
    );
    // Karnataka is another state than the seller's: IGST, no CGST/SGST.
    expect(within(summary).getByText(T.igst).nextSibling).toHaveTextContent(
      formatINR(order.totals.igst),
    );
    expect(within(summary).queryByText(T.cgst)).not.toBeInTheDocument();
    expect(screen.getByText('12 MG Road, Indiranagar', { exact: false })).toBeInTheDocument();

    const download = await screen.findByRole('link', { name: T.downloadInvoice });
    expect(download.getAttribute('href')).toContain('/invoices/inv1/pdf?sig=abc');
    expect(screen.getByRole('button', { name: T.cancelOrder })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: T.returnAction })).not.toBeInTheDocument();
  });

  it('shows CGST and SGST for a delivery inside Maharashtra', async () => {
    signIn();
    const order = paidOrder({
      supply: 'intra-state',
      state: 'Maharashtra',
      deliveryState: 'Maharashtra',
      totals: { ...paidOrder().totals, cgst: 3500, sgst: 3500, igst: 0 },
    });
    mockApi((request) =>
      request.url === `/orders/${ORDER_ID}`
        ? { status: 200, data: order }
        : { status: 200, data: [] },
    );
    renderRoute(PATH);
    await findTitle(order);
    const summary = screen.getByRole('region', { name: T.summaryHeading });
    expect(within(summary).getByText(T.cgst).nextSibling).toHaveTextContent('₹35.00');
    expect(within(summary).getByText(T.sgst).nextSibling).toHaveTextContent('₹35.00');
    expect(within(summary).queryByText(T.igst)).not.toBeInTheDocument();
  });

  it('shows the carrier, tracking number and tracking link of a shipped order, without a cancel button', async () => {
    signIn();
    const order = paidOrder({
      status: 'shipped',
      events: [
        { status: 'pending_payment', at: PLACED, by: 'shopper' },
        { status: 'paid', at: PAID, by: 'system' },
        { status: 'packed', at: '2025-08-15T05:00:00.000Z', by: 'owner' },
        {
          status: 'shipped',
          at: '2025-08-15T10:00:00.000Z',
          by: 'owner',
          carrier: 'Delhivery',
          trackingNumber: 'DLV123456789',
          trackingUrl: 'https://www.delhivery.com/track/package/DLV123456789',
        },
      ],
    });
    mockApi((request) =>
      request.url === `/orders/${ORDER_ID}`
        ? { status: 200, data: order }
        : { status: 200, data: [] },
    );
    renderRoute(PATH);
    await findTitle(order);
    const tracking = screen.getByRole('group', { name: T.trackingHeading });
    expect(within(tracking).getByText('Delhivery')).toBeInTheDocument();
    expect(within(tracking).getByText('DLV123456789')).toBeInTheDocument();
    expect(
      within(tracking).getByRole('link', { name: T.trackParcel('Delhivery') }),
    ).toHaveAttribute('href', 'https://www.delhivery.com/track/package/DLV123456789');
    expect(screen.getAllByText(T.actors.owner, { exact: false })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: T.cancelOrder })).not.toBeInTheDocument();
  });

  it('cancels a paid order after the confirmation and says the money is on its way back', async () => {
    signIn();
    const user = userEvent.setup();
    const order = paidOrder();
    const cancelled = paidOrder({
      status: 'cancelled',
      events: [
        ...order.events,
        { status: 'cancelled', at: '2025-08-14T10:00:00.000Z', by: 'shopper' },
      ],
    });
    const requests = mockApi((request) => {
      if (request.method === 'POST' && request.url === `/orders/${ORDER_ID}/cancel`) {
        return { status: 200, data: cancelled };
      }
      if (request.url === `/orders/${ORDER_ID}`) return { status: 200, data: order };
      return { status: 200, data: [] };
    });
    renderRoute(PATH);
    await findTitle(order);

    await user.click(screen.getByRole('button', { name: T.cancelOrder }));
    expect(screen.getByText(T.cancelConfirmPaidText)).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
    await user.click(screen.getByRole('button', { name: T.confirmCancel }));

    expect(await screen.findByText(T.refundOnItsWay)).toBeInTheDocument();
    expect(screen.getByText(T.cancelledCancelled)).toBeInTheDocument();
    expect(
      screen.getByText(ORDER_STATUS_LABELS.cancelled, { selector: '.order-status' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: T.cancelOrder })).not.toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1);
  });

  it('keeps the order when the shopper steps back from the confirmation', async () => {
    signIn();
    const user = userEvent.setup();
    const order = orderFixture();
    const requests = mockApi((request) =>
      request.url === `/orders/${ORDER_ID}`
        ? { status: 200, data: order }
        : { status: 200, data: [] },
    );
    renderRoute(PATH);
    await findTitle(order);
    await user.click(screen.getByRole('button', { name: T.cancelOrder }));
    expect(screen.getByText(T.cancelConfirmText)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: T.keepOrder }));
    expect(screen.getByRole('button', { name: T.cancelOrder })).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it("shows the server's message when the order was packed in the meantime", async () => {
    signIn();
    const user = userEvent.setup();
    const { message } = ORDER_REFUSALS.notCancellable;
    const order = paidOrder();
    mockApi((request) => {
      if (request.url === `/orders/${ORDER_ID}/cancel`) {
        return {
          status: 409,
          data: { msg: message, message, code: 'ORDER_NOT_CANCELLABLE' },
        };
      }
      if (request.url === `/orders/${ORDER_ID}`) return { status: 200, data: order };
      return { status: 200, data: [] };
    });
    renderRoute(PATH);
    await findTitle(order);
    await user.click(screen.getByRole('button', { name: T.cancelOrder }));
    await user.click(screen.getByRole('button', { name: T.confirmCancel }));
    expect(await screen.findByText(message)).toHaveAttribute('role', 'alert');
  });

  it("draws cancel only where the answer's nextActions offer it, whatever the status", async () => {
    signIn();
    const refused = paidOrder({
      nextActions: [{ action: 'cancel', allowed: false, why: 'Not now.', code: 'X' }],
    });
    mockApi((request) =>
      request.url === `/orders/${ORDER_ID}`
        ? { status: 200, data: refused }
        : { status: 200, data: [] },
    );
    renderRoute(PATH);
    await findTitle(refused);
    expect(screen.queryByRole('button', { name: T.cancelOrder })).not.toBeInTheDocument();
  });

  it('draws cancel where the answer offers it, even for a status the page never cancelled', async () => {
    signIn();
    const offered = paidOrder({
      status: 'packed',
      nextActions: [{ action: 'cancel', allowed: true }],
    });
    mockApi((request) =>
      request.url === `/orders/${ORDER_ID}`
        ? { status: 200, data: offered }
        : { status: 200, data: [] },
    );
    renderRoute(PATH);
    await findTitle(offered);
    expect(screen.getByRole('button', { name: T.cancelOrder })).toBeInTheDocument();
  });

  it('offers a return of a delivered order through the Returns tab, preselecting it', async () => {
    signIn();
    const order = paidOrder({ status: 'delivered' });
    mockApi((request) =>
      request.url === `/orders/${ORDER_ID}`
        ? { status: 200, data: order }
        : { status: 200, data: [] },
    );
    renderRoute(PATH);
    await findTitle(order);
    expect(screen.getByRole('link', { name: T.returnAction })).toHaveAttribute(
      'href',
      `/profile?tab=returns&returnOrder=${ORDER_ID}`,
    );
    expect(screen.queryByRole('button', { name: T.cancelOrder })).not.toBeInTheDocument();
  });

  it('says so when the order cannot be loaded', async () => {
    signIn();
    mockApi(() => ({
      status: 404,
      data: { msg: 'Not found', message: 'Not found', code: 'NOT_FOUND' },
    }));
    renderRoute(PATH);
    expect(
      await screen.findByRole('heading', { level: 1, name: T.loadFailedHeading }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: T.backToOrders })).toHaveAttribute(
      'href',
      '/profile?tab=orders',
    );
  });
});
