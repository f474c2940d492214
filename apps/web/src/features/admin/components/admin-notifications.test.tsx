import type { AdminReturn, AdminSummary, OwnerNotification } from '@vanya/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { setSession } from '../../../lib/auth-storage';
import { mockApi } from '../../../testing/mock-api';
import { ORDER_ID, orderFixture, ownerView } from '../../../testing/order-fixtures';
import { renderRoute } from '../../../testing/render-route';
import { userFixture } from '../../../testing/user-fixtures';
import { ADMIN_TEXTS as T } from '../texts';

const RETURN_ID = '66b1f0c2a1b2c3d4e5f60799';
const SUMMARY: AdminSummary = {
  ordersToDispatch: 1,
  paymentsHeld: 0,
  openReturns: 1,
  openTickets: 0,
  unreadMessages: 0,
  sales: { today: 0, last7Days: 0, last30Days: 0 },
  lowStock: [],
};
const NOTICES: OwnerNotification[] = [
  {
    id: '66b1f0c2a1b2c3d4e5f60801',
    kind: 'returnRequest',
    title: 'Return requested for order VNY-482913',
    path: `/admin?tab=returns&return=${RETURN_ID}`,
    createdAt: '2025-08-16T09:30:00.000Z',
    read: false,
  },
  {
    id: '66b1f0c2a1b2c3d4e5f60800',
    kind: 'newOrder',
    title: 'New order VNY-482913: ₹1,398.00',
    path: `/admin?tab=orders&order=${ORDER_ID}`,
    createdAt: '2025-08-14T09:32:00.000Z',
    read: false,
  },
];
const RETURN: AdminReturn = {
  _id: RETURN_ID,
  orderId: ORDER_ID,
  orderNumber: 'VNY-482913',
  status: 'requested',
  refundAmount: 139_800,
  method: 'original_payment',
  items: [{ name: 'Body Butter', quantity: 2 }],
  reason: 'Arrived melted',
  createdAt: '2025-08-16T09:30:00.000Z',
  customerName: 'Asha Patil',
  customerEmail: 'asha@example.com',
};

/** The owner's API with two notices; marking one read lowers the count as the API does. */
function ownerApi() {
  const read = new Set<string>();
  const order = orderFixture(undefined, { status: 'paid', paidAt: '2025-08-14T09:32:00.000Z' });
  return mockApi((request) => {
    const marked = /^\/admin\/notifications\/(\w+)\/read$/.exec(request.url);
    if (request.method === 'POST' && marked) {
      read.add(marked[1]!);
      return { status: 200, data: { ...NOTICES.find((n) => n.id === marked[1])!, read: true } };
    }
    const answers: Record<string, unknown> = {
      '/auth/me': { user: userFixture({ name: 'Meera Deshmukh' }) },
      '/admin/summary': SUMMARY,
      '/admin/notifications': {
        items: NOTICES.map((n) => ({ ...n, read: read.has(n.id) })),
        unread: NOTICES.length - read.size,
      },
      '/admin/returns': [RETURN],
      [`/admin/orders/${ORDER_ID}`]: {
        order: ownerView(order),
        paymentEvents: [],
        invoice: null,
        paymentHold: null,
        refunded: 0,
        messages: [],
      },
      [`/admin/orders/${ORDER_ID}/shipment`]: { shipment: null },
    };
    return { status: 200, data: answers[request.url] ?? [] };
  });
}

describe("the owner's notifications", () => {
  it('shows the unread count in the nav and lists the notices newest first', async () => {
    setSession('token-owner', { name: 'Meera Deshmukh', email: 'meera@example.in' });
    ownerApi();
    const user = userEvent.setup();
    renderRoute('/admin');
    const nav = await screen.findByRole('navigation', { name: T.title });
    const tab = await within(nav).findByRole('button', {
      name: `${T.tabs.notifications} ${T.notifications.unread(2)}`,
    });
    await user.click(tab);
    const list = await screen.findByRole('region', { name: T.notifications.listName });
    const rows = await within(list).findAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Return requested for order VNY-482913'),
      expect.stringContaining('New order VNY-482913'),
    ]);
    expect(rows[0]).toHaveTextContent(T.notifications.new);
  });

  it("opens a new order's notice on its order, marked read", async () => {
    setSession('token-owner', { name: 'Meera Deshmukh', email: 'meera@example.in' });
    const requests = ownerApi();
    const user = userEvent.setup();
    const { router } = renderRoute('/admin?tab=notifications');
    await user.click(
      await screen.findByRole('link', {
        name: T.notifications.openLabel('New order VNY-482913: ₹1,398.00'),
      }),
    );
    expect(
      await screen.findByRole('heading', { level: 2, name: 'VNY-482913' }),
    ).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?tab=orders&order=${ORDER_ID}`);
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual([
      `/admin/notifications/${NOTICES[1]!.id}/read`,
    ]);
    expect(
      await within(screen.getByRole('navigation', { name: T.title })).findByRole('button', {
        name: `${T.tabs.notifications} ${T.notifications.unread(1)}`,
      }),
    ).toBeInTheDocument();
  });

  it("opens a return's notice on the returns with that return marked", async () => {
    setSession('token-owner', { name: 'Meera Deshmukh', email: 'meera@example.in' });
    ownerApi();
    const user = userEvent.setup();
    renderRoute('/admin?tab=notifications');
    await user.click(
      await screen.findByRole('link', {
        name: T.notifications.openLabel('Return requested for order VNY-482913'),
      }),
    );
    const row = (await screen.findByText(/Arrived melted/)).closest('li')!;
    expect(row).toHaveClass('is-target');
    expect(row).toHaveAttribute('id', `return-${RETURN_ID}`);
  });
});
