import { formatINR, priceCart } from '@vanya/catalog';
import type { Order } from '@vanya/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { setSession } from '../../../lib/auth-storage';
import { mockApi } from '../../../testing/mock-api';
import { ORDER_ID, orderFixture } from '../../../testing/order-fixtures';
import { renderRoute } from '../../../testing/render-route';
import { COD_TEXTS, ORDER_DETAIL_TEXTS as T } from '../texts';

const ITEMS = [{ productId: 'Bodybutter', quantity: 1 }];
const PLACED = '2026-11-28T09:30:00.000Z';
const TOTAL = priceCart(ITEMS, { deliveryState: 'Karnataka', codFee: 4900 }).grandTotal;

function codOrder(overrides: Partial<Order>): Order {
  return orderFixture(ITEMS, {
    paymentMethod: 'cod',
    totals: { ...orderFixture(ITEMS).totals, codFee: 4900, grandTotal: TOTAL },
    events: [{ status: 'pending_confirmation', at: PLACED, by: 'shopper' }],
    ...overrides,
  });
}

async function showOrder(order: Order) {
  setSession('token-cod-orders', { name: 'Asha Patil', email: 'asha@example.com' });
  mockApi((request) =>
    request.url === `/orders/${ORDER_ID}`
      ? { status: 200, data: order }
      : { status: 200, data: [] },
  );
  renderRoute(`/profile/orders/${ORDER_ID}`);
  await screen.findByRole('heading', { level: 1, name: T.title(order.orderNumber) });
}

describe('/profile/orders/:id for cash on delivery', () => {
  it('asks for the code while the order waits for it', async () => {
    await showOrder(
      codOrder({ status: 'pending_confirmation', cod: { status: 'due', amountDue: TOTAL } }),
    );
    expect(screen.getByRole('heading', { name: COD_TEXTS.heading })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: COD_TEXTS.codeLabel })).toBeInTheDocument();
    expect(screen.getByText(T.codFee).nextSibling).toHaveTextContent(formatINR(4900));
  });

  it('says what is due on delivery while the parcel is on its way', async () => {
    await showOrder(codOrder({ status: 'shipped', cod: { status: 'due', amountDue: TOTAL } }));
    expect(screen.getByRole('note')).toHaveTextContent(COD_TEXTS.dueOnDelivery(formatINR(TOTAL)));
    expect(screen.queryByRole('textbox', { name: COD_TEXTS.codeLabel })).not.toBeInTheDocument();
  });

  it('says it was paid at the door once delivered', async () => {
    await showOrder(codOrder({ status: 'delivered', cod: { status: 'collected', amountDue: 0 } }));
    expect(screen.getByRole('note')).toHaveTextContent(COD_TEXTS.collected(formatINR(TOTAL)));
  });
});
