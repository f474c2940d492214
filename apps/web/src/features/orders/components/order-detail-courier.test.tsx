import type { Order } from '@vanya/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { setSession } from '../../../lib/auth-storage';
import { mockApi } from '../../../testing/mock-api';
import { ORDER_ID, orderFixture } from '../../../testing/order-fixtures';
import { renderRoute } from '../../../testing/render-route';
import { ORDER_DETAIL_TEXTS as T } from '../texts';

const AT = '2026-11-28T09:30:00.000Z';
const AWB = '190414247515';
const TRACKING = `https://shiprocket.co/tracking/${AWB}`;

/** An order the courier's scans moved: picked up (shipped, by the system), then out for delivery. */
function courierOrder(status: Order['status']): Order {
  return orderFixture(undefined, {
    status,
    paidAt: AT,
    events: [
      { status: 'pending_payment', at: AT, by: 'shopper' },
      { status: 'paid', at: '2026-11-28T09:31:00.000Z', by: 'system' },
      { status: 'packed', at: '2026-11-28T10:00:00.000Z', by: 'owner' },
      {
        status: 'shipped',
        at: '2026-11-28T12:00:00.000Z',
        by: 'system',
        carrier: 'Delhivery Surface',
        trackingNumber: AWB,
        trackingUrl: TRACKING,
      },
      { status: 'shipped', at: '2026-11-30T04:00:00.000Z', by: 'system', scan: 'out_for_delivery' },
      ...(status === 'delivered'
        ? [{ status: 'delivered' as const, at: '2026-11-30T09:00:00.000Z', by: 'system' as const }]
        : []),
    ],
  });
}

async function showOrder(order: Order) {
  setSession('token-courier-orders', { name: 'Asha Patil', email: 'asha@example.com' });
  mockApi((request) =>
    request.url === `/orders/${ORDER_ID}`
      ? { status: 200, data: order }
      : { status: 200, data: [] },
  );
  renderRoute(`/profile/orders/${ORDER_ID}`);
  await screen.findByRole('heading', { level: 1, name: T.title(order.orderNumber) });
}

describe('/profile/orders/:id for a parcel the courier carries', () => {
  it('names the out-for-delivery scan on the timeline and links to the courier’s tracking page', async () => {
    await showOrder(courierOrder('shipped'));
    const steps = screen.getAllByRole('listitem').filter((li) => li.closest('.order-timeline'));
    expect(steps.map((li) => li.querySelector('.order-timeline__title')?.textContent)).toEqual([
      T.timelineSteps.pending_payment,
      T.timelineSteps.paid,
      T.timelineSteps.packed,
      T.timelineSteps.shipped,
      T.timelineScans.out_for_delivery,
    ]);
    expect(steps.at(-1)).toHaveAttribute('aria-current', 'step');
    const tracking = screen.getByRole('group', { name: T.trackingHeading });
    expect(within(tracking).getByText(AWB)).toBeInTheDocument();
    expect(
      within(tracking).getByRole('link', { name: T.trackParcel('Delhivery Surface') }),
    ).toHaveAttribute('href', TRACKING);
  });

  it('keeps the tracking link once delivered', async () => {
    await showOrder(courierOrder('delivered'));
    expect(screen.getByText(T.timelineScans.out_for_delivery)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: T.trackParcel('Delhivery Surface') })).toHaveAttribute(
      'href',
      TRACKING,
    );
  });
});
