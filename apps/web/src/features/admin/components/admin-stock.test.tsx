import type { AdminStock, AdminSummary, StockItem, StockMove } from '@vanya/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { setSession } from '../../../lib/auth-storage';
import { mockApi, type MockReply, type MockRequest } from '../../../testing/mock-api';
import { renderRoute } from '../../../testing/render-route';
import { userFixture } from '../../../testing/user-fixtures';
import { STOCK_ADMIN_TEXTS as S } from '../stock-texts';
import { ADMIN_TEXTS } from '../texts';

const BUTTER: StockItem = {
  productId: 'Bodybutter',
  name: 'Body Butter',
  onHand: 42,
  reserved: 3,
  available: 39,
  lowStockAt: 10,
  low: false,
  selling: true,
};
const SOAP: StockItem = {
  productId: 'TanGoneSoap',
  name: 'Tan.Gone.Soap',
  onHand: 6,
  reserved: 2,
  available: 4,
  lowStockAt: 10,
  low: true,
  selling: true,
};
const STOCK: AdminStock = {
  items: [BUTTER, SOAP],
  bundles: [
    {
      productId: 'TanFreeTrio',
      name: 'Tan-Free Trio',
      available: 1,
      selling: true,
      contents: [{ productId: 'TanGoneSoap', quantity: 3 }],
    },
  ],
};
const MOVES: StockMove[] = [
  {
    productId: 'TanGoneSoap',
    kind: 'sold',
    change: -1,
    reservedChange: -1,
    reason: 'Paid or confirmed',
    orderNumber: 'VNY-123456',
    by: 'system',
    at: '2026-11-20T06:30:00.000Z',
  },
  {
    productId: 'TanGoneSoap',
    kind: 'receipt',
    change: 20,
    reservedChange: 0,
    reason: 'Batch 14 from the workshop',
    orderNumber: null,
    by: 'meera@example.in',
    at: '2026-11-19T06:30:00.000Z',
  },
];
const SUMMARY: AdminSummary = {
  ordersToDispatch: 0,
  paymentsHeld: 0,
  openReturns: 0,
  openTickets: 0,
  unreadMessages: 0,
  sales: { today: 0, last7Days: 0, last30Days: 0 },
  lowStock: [{ productId: 'TanGoneSoap', name: 'Tan.Gone.Soap', available: 4 }],
};

/** The owner's API: the stock, the soap's ledger and the summary; writes answered by `onWrite`. */
function ownerApi(onWrite: (request: MockRequest) => MockReply = () => ({ status: 200 })) {
  setSession('token-owner', { name: 'Meera Deshmukh', email: 'meera@example.in' });
  return mockApi((request) => {
    if (request.method !== 'GET') return onWrite(request);
    switch (request.url) {
      case '/auth/me':
        return { status: 200, data: { user: userFixture({ name: 'Meera Deshmukh' }) } };
      case '/admin/summary':
        return { status: 200, data: SUMMARY };
      case '/admin/stock':
        return { status: 200, data: STOCK };
      case '/admin/stock/TanGoneSoap/moves':
        return { status: 200, data: MOVES };
      default:
        return { status: 200, data: [] };
    }
  });
}

async function renderStock() {
  renderRoute('/admin?tab=stock');
  await screen.findByRole('heading', { name: SOAP.name });
  return screen.getByRole('region', { name: ADMIN_TEXTS.tabs.stock });
}

const card = (name: string) => screen.getByRole('article', { name });

describe('the owner’s stock page', () => {
  it('shows each product’s counts, marks the low one, and what each bundle can make', async () => {
    ownerApi();
    await renderStock();
    const soap = card(SOAP.name);
    const figure = (label: string) => within(soap).getByText(label).nextElementSibling;
    expect(figure(S.onHand)).toHaveTextContent('6');
    expect(figure(S.reserved)).toHaveTextContent('2');
    expect(figure(S.available)).toHaveTextContent('4');
    expect(within(soap).getByText(S.low)).toBeInTheDocument();
    expect(within(card(BUTTER.name)).queryByText(S.low)).not.toBeInTheDocument();
    expect(within(soap).getByRole('textbox', { name: S.lowStockAt })).toHaveValue('10');
    expect(screen.getByRole('switch', { name: S.sellingSwitch(SOAP.name) })).toBeChecked();

    const bundles = screen.getByRole('region', { name: S.bundles });
    expect(bundles).toHaveTextContent('Tan-Free Trio');
    const trio = within(bundles).getByText('Tan-Free Trio').closest('li')!;
    expect(trio).toHaveTextContent('1 can be made up');
    expect(trio).toHaveTextContent('3 × Tan.Gone.Soap');
  });

  it('opens from the dashboard with only the products at their low-stock level, and shows all on asking', async () => {
    const user = userEvent.setup();
    ownerApi();
    renderRoute('/admin');
    const tiles = await screen.findByRole('region', { name: ADMIN_TEXTS.tabs.dashboard });
    await user.click(within(tiles).getByRole('button', { name: ADMIN_TEXTS.dashboard.lowStock }));
    await screen.findByRole('heading', { name: SOAP.name });
    expect(screen.queryByRole('heading', { name: BUTTER.name })).not.toBeInTheDocument();
    expect(screen.getByText(S.onlyLow(1), { exact: false })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: S.showAll }));
    expect(await screen.findByRole('heading', { name: BUTTER.name })).toBeInTheDocument();
  });

  it('records units received with the reason, and units taken off as a negative adjustment', async () => {
    const user = userEvent.setup();
    const requests = ownerApi(() => ({
      status: 200,
      data: { ...SOAP, onHand: 30, available: 28, low: false },
    }));
    await renderStock();
    const form = screen.getByRole('form', { name: S.adjustHeading(SOAP.name) });
    await user.type(within(form).getByRole('textbox', { name: S.units }), '24');
    await user.type(
      within(form).getByRole('textbox', { name: S.reason }),
      'Batch 15 from the workshop',
    );
    await user.click(within(form).getByRole('button', { name: `${S.record}: ${SOAP.name}` }));
    // Confirmed under the button that did it (on a phone the page's top is far away).
    expect(await within(form).findByRole('status')).toHaveTextContent(S.recorded(SOAP.name, 24));
    expect(within(form).getByRole('textbox', { name: S.units })).toHaveValue('');

    await user.selectOptions(within(form).getByRole('combobox', { name: S.kind }), 'takeOff');
    await user.type(within(form).getByRole('textbox', { name: S.units }), '2');
    await user.type(within(form).getByRole('textbox', { name: S.reason }), 'Cracked in transit');
    await user.click(within(form).getByRole('button', { name: `${S.record}: ${SOAP.name}` }));
    expect(await within(form).findByText(S.recorded(SOAP.name, -2))).toHaveAttribute(
      'role',
      'status',
    );

    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts.map((r) => [r.url, r.body])).toEqual([
      ['/admin/stock/TanGoneSoap', { adjust: 24, reason: 'Batch 15 from the workshop' }],
      ['/admin/stock/TanGoneSoap', { adjust: -2, reason: 'Cracked in transit' }],
    ]);
  });

  it('says what is wrong before sending, and shows the server’s refusal', async () => {
    const user = userEvent.setup();
    const refusal =
      'Only 4 of Tan.Gone.Soap can be taken off: the rest on hand is held for orders.';
    const requests = ownerApi(() => ({
      status: 409,
      data: { msg: refusal, message: refusal, code: 'STOCK_BELOW_RESERVED' },
    }));
    await renderStock();
    const form = screen.getByRole('form', { name: S.adjustHeading(SOAP.name) });
    const units = within(form).getByRole('textbox', { name: S.units });
    await user.type(units, 'five');
    await user.click(within(form).getByRole('button', { name: `${S.record}: ${SOAP.name}` }));
    expect(units).toHaveAccessibleDescription(S.unitsError);
    expect(within(form).getByRole('textbox', { name: S.reason })).toHaveAccessibleDescription(
      S.reasonError,
    );
    expect(requests.filter((r) => r.method !== 'GET')).toHaveLength(0);

    await user.clear(units);
    await user.type(units, '6');
    await user.selectOptions(within(form).getByRole('combobox', { name: S.kind }), 'takeOff');
    await user.type(within(form).getByRole('textbox', { name: S.reason }), 'Damaged');
    await user.click(within(form).getByRole('button', { name: `${S.record}: ${SOAP.name}` }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(refusal);
  });

  it('stops selling a product, sets its low-stock level, and opens its ledger', async () => {
    const user = userEvent.setup();
    const requests = ownerApi((request) => ({
      status: 200,
      data: { ...SOAP, ...(request.body as object) },
    }));
    await renderStock();
    await user.click(screen.getByRole('switch', { name: S.sellingSwitch(SOAP.name) }));
    const soap = card(SOAP.name);
    const level = within(soap).getByRole('textbox', { name: S.lowStockAt });
    await user.clear(level);
    await user.type(level, '5');
    await user.click(
      within(soap).getByRole('button', { name: `${S.saveLevel} ${S.lowStockAt}: ${SOAP.name}` }),
    );
    expect(await screen.findByText(S.levelSaved(SOAP.name, 5))).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT').map((r) => [r.url, r.body])).toEqual([
      ['/admin/stock/TanGoneSoap', { selling: false }],
      ['/admin/stock/TanGoneSoap', { lowStockAt: 5 }],
    ]);

    await user.click(within(soap).getByRole('button', { name: `${S.ledger}: ${SOAP.name}` }));
    const ledger = await screen.findByRole('region', { name: S.ledgerOf(SOAP.name) });
    const lines = await within(ledger).findAllByRole('listitem');
    expect(lines[0]).toHaveTextContent('Sold · VNY-123456');
    expect(lines[0]).toHaveTextContent('−1 on hand, −1 held');
    expect(lines[1]).toHaveTextContent('Received · Batch 14 from the workshop');
    expect(lines[1]).toHaveTextContent('+20 on hand');
    expect(lines[1]).toHaveTextContent('meera@example.in');
  });

  it('puts low stock on the dashboard, each line opening the stock page', async () => {
    const user = userEvent.setup();
    ownerApi();
    renderRoute('/admin');
    const tile = (await screen.findByText(ADMIN_TEXTS.dashboard.lowStock)).closest('div')!;
    expect(tile).toHaveTextContent('1');
    expect(tile).toHaveClass('is-due');
    await user.click(screen.getByRole('button', { name: 'Tan.Gone.Soap: 4 left' }));
    expect(await screen.findByRole('heading', { name: SOAP.name })).toBeInTheDocument();
  });
});
