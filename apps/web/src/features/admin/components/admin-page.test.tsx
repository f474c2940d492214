import { formatINR } from '@vanya/catalog';
import { ORDER_STATUS_LABELS } from '@vanya/contracts';
import type {
  AdminOrderDetail,
  AdminOrderList,
  AdminReturn,
  AdminSummary,
  AdminTicket,
  AdminWaitlistEntry,
  Order,
} from '@vanya/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { setSession } from '../../../lib/auth-storage';
import { mockApi, type MockReply, type MockRequest } from '../../../testing/mock-api';
import { ORDER_ID, orderFixture, ownerView } from '../../../testing/order-fixtures';
import { renderRoute } from '../../../testing/render-route';
import { userFixture } from '../../../testing/user-fixtures';
import { ADMIN_TEXTS as T } from '../texts';

const PLACED = '2025-08-14T09:30:00.000Z';
const PAID = '2025-08-14T09:32:00.000Z';
const RETURN_ID = '66b1f0c2a1b2c3d4e5f60799';
const TICKET_ID = '66b1f0c2a1b2c3d4e5f607aa';

const SUMMARY: AdminSummary = {
  ordersToDispatch: 3,
  paymentsHeld: 1,
  openReturns: 2,
  openTickets: 4,
  unreadMessages: 5,
  sales: { today: 129_900, last7Days: 845_000, last30Days: 2_314_500 },
  lowStock: [],
};

function signInOwner() {
  setSession('token-owner', { name: 'Meera Deshmukh', email: 'meera@example.in' });
}

/** The owner's API: GETs answered from `state`, other calls by `onWrite` (or 200). */
function ownerApi(
  state: {
    order?: Order;
    returns?: AdminReturn[];
    tickets?: AdminTicket[];
    waitlist?: AdminWaitlistEntry[];
  } = {},
  onWrite: (request: MockRequest) => MockReply | undefined = () => undefined,
) {
  return mockApi((request) => {
    if (request.method !== 'GET') return onWrite(request) ?? { status: 200, data: {} };
    switch (request.url) {
      case '/auth/me':
        return { status: 200, data: { user: userFixture({ name: 'Meera Deshmukh' }) } };
      case '/admin/summary':
        return { status: 200, data: SUMMARY };
      case '/admin/orders': {
        const order = state.order!;
        const list: AdminOrderList = {
          items: [
            {
              _id: order._id,
              orderNumber: order.orderNumber,
              status: order.status,
              createdAt: order.createdAt,
              name: `${order.firstName} ${order.lastName}`,
              email: order.email,
              phone: order.phone,
              city: order.city,
              state: order.state,
              paymentMethod: order.paymentMethod,
              total: order.totals.grandTotal,
              paymentHeld: false,
              nextActions: ownerView(order).nextActions,
            },
          ],
          total: 1,
          page: 1,
          limit: 20,
        };
        return { status: 200, data: list };
      }
      case `/admin/orders/${ORDER_ID}`:
        return { status: 200, data: detailOf(state.order!) };
      case '/admin/returns':
        return { status: 200, data: state.returns ?? [] };
      case '/admin/tickets':
        return { status: 200, data: state.tickets ?? [] };
      case '/admin/waitlist':
        return { status: 200, data: state.waitlist ?? [] };
      default:
        return { status: 200, data: [] };
    }
  });
}

function detailOf(order: Order): AdminOrderDetail {
  return {
    order: ownerView(order),
    paymentEvents: [
      {
        type: 'paid',
        source: 'verify',
        paymentId: 'pay_TEST987654',
        amount: order.totals.grandTotal,
        note: '',
        at: PAID,
      },
    ],
    invoice: {
      invoiceNumber: 'VNY/25-26/000001',
      date: PAID,
      downloadUrl: '/api/invoices/inv1/pdf?sig=abc',
    },
    paymentHold: null,
    refunded: 0,
    messages: [],
  };
}

function paidOrder(): Order {
  return orderFixture(undefined, {
    status: 'paid',
    paidAt: PAID,
    events: [
      { status: 'pending_payment', at: PLACED, by: 'shopper' },
      { status: 'paid', at: PAID, by: 'system' },
    ],
  });
}

/** The order after the owner's move to `status` (what POST /admin/orders/{id}/status answers). */
function moved(order: Order, status: Order['status'], extra: object = {}): Order {
  return {
    ...order,
    status,
    events: [...order.events, { status, at: '2025-08-15T05:00:00.000Z', by: 'owner', ...extra }],
  };
}

const tab = (name: string) => screen.findByRole('button', { name });

describe('/admin', () => {
  it('tells a customer the area is the owner’s, without tabs or figures', async () => {
    setSession('token-customer', { name: 'Asha Patil', email: 'asha@example.com' });
    mockApi((request) => {
      if (request.url === '/auth/me') return { status: 200, data: { user: userFixture() } };
      if (request.url === '/admin/summary')
        return {
          status: 403,
          data: { msg: T.ownerOnly, message: T.ownerOnly, code: 'FORBIDDEN' },
        };
      return { status: 200, data: [] };
    });
    renderRoute('/admin');

    expect(await screen.findByText(T.ownerOnly, {})).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: T.title })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: T.title })).not.toBeInTheDocument();
    expect(screen.queryByText(T.dashboard.toDispatch)).not.toBeInTheDocument();
  });

  it('shows the dashboard tiles: counts to act on and sales in rupees', async () => {
    signInOwner();
    ownerApi();
    renderRoute('/admin');

    const tiles = await screen.findByRole('region', { name: T.tabs.dashboard });
    const value = (label: string) =>
      within(tiles).getByText(label).closest('dt')!.nextElementSibling;
    expect(value(T.dashboard.toDispatch)).toHaveTextContent(/^3$/);
    expect(value(T.dashboard.held)).toHaveTextContent(/^1$/);
    expect(value(T.dashboard.returns)).toHaveTextContent(/^2$/);
    expect(value(T.dashboard.tickets)).toHaveTextContent(/^4$/);
    expect(value(T.dashboard.messages)).toHaveTextContent(/^5$/);
    expect(value(T.dashboard.today)).toHaveTextContent(formatINR(129_900));
    expect(value(T.dashboard.week)).toHaveTextContent(formatINR(845_000));
    expect(value(T.dashboard.month)).toHaveTextContent(formatINR(2_314_500));
    expect(await tab(T.tabs.dashboard)).toHaveAttribute('aria-current', 'page');
  });

  it('opens the list a tile counts, and searches every order whatever the list showed', async () => {
    signInOwner();
    const requests = ownerApi({ order: paidOrder() });
    const user = userEvent.setup();
    const { router } = renderRoute('/admin');
    const tiles = await screen.findByRole('region', { name: T.tabs.dashboard });

    await user.click(within(tiles).getByRole('button', { name: T.dashboard.toDispatch }));
    expect(router.state.location.search).toBe('?tab=orders&status=to_dispatch');
    await screen.findByText(/VNY-482913 · Asha Patil/);
    const lists = () => requests.filter((r) => r.url === '/admin/orders');
    expect(lists().at(-1)?.params).toMatchObject({ status: 'to_dispatch' });

    await user.type(screen.getByRole('searchbox', { name: T.orders.search }), 'Asha');
    await user.click(screen.getByRole('button', { name: T.orders.search }));
    await screen.findByText(/VNY-482913 · Asha Patil/);
    expect(lists().at(-1)?.params).toEqual({ q: 'Asha', page: '1', limit: '20' });

    // Each other tile opens the list filtered as the API counted it.
    const follow = async (tile: string) => {
      await user.click(await tab(T.tabs.dashboard));
      const again = await screen.findByRole('region', { name: T.tabs.dashboard });
      await user.click(within(again).getByRole('button', { name: tile }));
      return router.state.location.search;
    };
    expect(await follow(T.dashboard.held)).toBe('?tab=orders&status=payment_held');
    await screen.findByText(/VNY-482913 · Asha Patil/);
    expect(lists().at(-1)?.params).toMatchObject({ status: 'payment_held' });
    expect(await follow(T.dashboard.returns)).toBe('?tab=returns&status=open');
    await screen.findByText(T.returns.empty);
    expect(requests.filter((r) => r.url === '/admin/returns').at(-1)?.params).toEqual({
      status: 'open',
    });
    expect(await follow(T.dashboard.tickets)).toBe('?tab=tickets&status=active');
    await screen.findByText(T.tickets.empty);
    expect(requests.filter((r) => r.url === '/admin/tickets').at(-1)?.params).toEqual({
      status: 'active',
    });
  });

  it('opens the messages that were unread from their tile, and all of them on asking', async () => {
    signInOwner();
    const message = (id: string, subject: string, unread: boolean) => ({
      _id: id,
      name: 'Kavya',
      email: 'kavya@example.in',
      subject,
      message: 'Hello',
      createdAt: PLACED,
      unread,
    });
    const requests = mockApi((request) =>
      request.url === '/admin/messages'
        ? {
            status: 200,
            data:
              request.params.status === 'unread'
                ? [message('m1', 'Wedding hampers', true)]
                : [message('m1', 'Wedding hampers', false), message('m2', 'Old question', false)],
          }
        : request.url === '/admin/summary'
          ? { status: 200, data: SUMMARY }
          : { status: 200, data: { user: userFixture({ name: 'Meera Deshmukh' }) } },
    );
    const user = userEvent.setup();
    renderRoute('/admin');
    const tiles = await screen.findByRole('region', { name: T.tabs.dashboard });
    await user.click(within(tiles).getByRole('button', { name: T.dashboard.messages }));
    expect(await screen.findByText(/Wedding hampers/)).toBeInTheDocument();
    expect(screen.getByText(T.messages.onlyNew(1), { exact: false })).toBeInTheDocument();
    expect(screen.queryByText(/Old question/)).not.toBeInTheDocument();
    expect(requests.find((r) => r.url === '/admin/messages')?.params).toEqual({ status: 'unread' });
    await user.click(screen.getByRole('button', { name: T.messages.showAll }));
    expect(await screen.findByText(/Old question/)).toBeInTheDocument();
  });

  it('marks the ticked orders to dispatch packed at once', async () => {
    signInOwner();
    const requests = ownerApi({ order: paidOrder() }, (request) =>
      request.url === '/admin/packing'
        ? { status: 200, data: { packed: ['VNY-482913'], refused: [] } }
        : undefined,
    );
    const user = userEvent.setup();
    renderRoute('/admin?tab=orders');
    const pack = await screen.findByRole('button', { name: T.orders.packSelected(0) });
    expect(pack).toBeDisabled();
    expect(screen.getByRole('button', { name: T.orders.printSlips })).toBeInTheDocument();
    await user.click(await screen.findByRole('checkbox', { name: T.orders.pick('VNY-482913') }));
    await user.click(screen.getByRole('button', { name: T.orders.packSelected(1) }));
    expect(await screen.findByText(T.orders.packedMany(1))).toHaveAttribute('role', 'status');
    expect(requests.find((r) => r.url === '/admin/packing')?.body).toEqual({ ids: [ORDER_ID] });
  });

  it('opens an order from the list, packs it, ships it only with carrier and tracking number, and says so', async () => {
    signInOwner();
    const state = { order: paidOrder() };
    const moves: unknown[] = [];
    ownerApi(state, (request) => {
      if (request.url !== `/admin/orders/${ORDER_ID}/status`) return undefined;
      const body = request.body as { status: Order['status']; carrier?: string };
      moves.push(body);
      state.order = moved(state.order, body.status, body.carrier ? body : {});
      return { status: 200, data: detailOf(state.order) };
    });
    const user = userEvent.setup();
    const { router } = renderRoute('/admin');

    await user.click(await tab(T.tabs.orders));
    expect(router.state.location.search).toBe('?tab=orders');
    const row = (await screen.findByText(/VNY-482913 · Asha Patil/)).closest('li')!;
    expect(row).toHaveTextContent(ORDER_STATUS_LABELS.paid);
    expect(row).toHaveTextContent(formatINR(state.order.totals.grandTotal));
    await user.click(within(row).getByRole('button', { name: `${T.orders.open} VNY-482913` }));

    expect(
      await screen.findByRole('heading', { level: 2, name: 'VNY-482913' }),
    ).toBeInTheDocument();
    expect(screen.getByText('12 MG Road, Indiranagar', { exact: false })).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: `${T.orders.invoice} VNY/25-26/000001` }),
    ).toHaveAttribute('href', '/api/invoices/inv1/pdf?sig=abc');
    // How it was paid, its tax split, and its payment events in words.
    expect(screen.getByText(`· ${T.orders.methods.upi}`)).toBeInTheDocument();
    const split = screen.getByLabelText(T.orders.taxSplit);
    expect(split).toHaveTextContent(T.orders.taxable);
    expect(split).toHaveTextContent('IGST');
    expect(screen.getByText(T.orders.eventTypes.paid!)).toBeInTheDocument();
    expect(screen.getByText(/from the checkout/)).toBeInTheDocument();
    // Nothing to ship yet: a paid order is packed first.
    expect(screen.queryByRole('button', { name: T.orders.ship })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: T.orders.pack }));
    expect(await screen.findByText(T.orders.moved(ORDER_STATUS_LABELS.packed))).toHaveAttribute(
      'role',
      'status',
    );
    expect(moves).toEqual([{ status: 'packed' }]);
    expect(screen.queryByRole('button', { name: T.orders.pack })).not.toBeInTheDocument();

    // Shipping asks for the carrier and the tracking number before anything is sent.
    const carrier = screen.getByRole('textbox', { name: T.orders.carrier });
    const tracking = screen.getByRole('textbox', { name: T.orders.trackingNumber });
    expect(carrier).toBeRequired();
    expect(tracking).toBeRequired();
    await user.click(screen.getByRole('button', { name: T.orders.ship }));
    expect(carrier).toBeInvalid();
    expect(moves).toHaveLength(1);
    await user.type(carrier, 'India Post');
    await user.click(screen.getByRole('button', { name: T.orders.ship }));
    expect(tracking).toBeInvalid();
    expect(moves).toHaveLength(1);

    await user.type(tracking, ' EE123456789IN ');
    await user.click(screen.getByRole('button', { name: T.orders.ship }));
    expect(await screen.findByText(T.orders.moved(ORDER_STATUS_LABELS.shipped))).toHaveAttribute(
      'role',
      'status',
    );
    expect(moves[1]).toEqual({
      status: 'shipped',
      carrier: 'India Post',
      trackingNumber: 'EE123456789IN',
    });
    const timeline = screen.getByRole('heading', { name: T.orders.timeline }).nextElementSibling!;
    expect(timeline).toHaveTextContent('India Post EE123456789IN');
    expect(screen.getByRole('button', { name: T.orders.deliver })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: T.orders.carrier })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: `← ${T.orders.back}` }));
    expect(await screen.findByRole('search')).toBeInTheDocument();
  });

  it('shows the server’s words when a move is refused with 409', async () => {
    signInOwner();
    const refusal = 'This order was changed meanwhile: reload it and try again.';
    ownerApi({ order: paidOrder() }, (request) =>
      request.url === `/admin/orders/${ORDER_ID}/status`
        ? { status: 409, data: { msg: refusal, message: refusal, code: 'CONFLICT' } }
        : undefined,
    );
    const user = userEvent.setup();
    renderRoute('/admin?tab=orders');

    await user.click(await screen.findByRole('button', { name: `${T.orders.open} VNY-482913` }));
    await user.click(await screen.findByRole('button', { name: T.orders.pack }));
    expect(await screen.findByText(refusal)).toHaveAttribute('role', 'alert');
    expect(screen.queryByText(/Order marked/)).not.toBeInTheDocument();
    // Still paid: the button stays for another try.
    expect(screen.getByRole('button', { name: T.orders.pack })).toBeInTheDocument();
  });

  it('approves a return, marks it received and refunds the amount typed in rupees', async () => {
    signInOwner();
    const requested: AdminReturn = {
      _id: RETURN_ID,
      orderId: ORDER_ID,
      orderNumber: 'VNY-482913',
      status: 'requested',
      refundAmount: 64_900,
      method: 'original_payment',
      items: [{ name: 'Body Butter', quantity: 2 }],
      reason: 'The jar arrived cracked',
      createdAt: '2025-08-20T06:00:00.000Z',
      customerName: 'Asha Patil',
      customerEmail: 'asha@example.com',
    };
    const state = { returns: [requested] };
    const actions: unknown[] = [];
    ownerApi(state, (request) => {
      if (request.url !== `/admin/returns/${RETURN_ID}`) return undefined;
      const body = request.body as { action: string; refundAmount?: number };
      actions.push(body);
      const status = (
        {
          approve: 'approved',
          receive: 'received',
          refund: 'refunded',
          reject: 'rejected',
        } as const
      )[body.action as 'approve']!;
      const next: AdminReturn = {
        ...state.returns[0]!,
        status,
        ...(body.refundAmount ? { refundedAmount: body.refundAmount } : {}),
      };
      state.returns = [next];
      return { status: 200, data: next };
    });
    const user = userEvent.setup();
    renderRoute('/admin?tab=returns');

    const row = async () =>
      (await screen.findByText(/VNY-482913 · Asha Patil/)).closest('li') as HTMLElement;
    expect(await row()).toHaveTextContent('The jar arrived cracked');
    expect(await row()).toHaveTextContent(`${T.returns.items}: Body Butter × 2`);
    expect(
      within(await row()).getByRole('button', { name: T.returns.openOrder('VNY-482913') }),
    ).toBeInTheDocument();
    expect(await row()).toHaveTextContent(T.returnStatuses.requested);
    expect(
      within(await row()).getByRole('button', { name: `${T.returns.reject} VNY-482913` }),
    ).toBeInTheDocument();

    await user.click(
      within(await row()).getByRole('button', { name: `${T.returns.approve} VNY-482913` }),
    );
    expect(await screen.findByText(T.returns.done)).toHaveAttribute('role', 'status');
    await user.click(
      await within(await row()).findByRole('button', { name: `${T.returns.receive} VNY-482913` }),
    );
    const amount = await within(await row()).findByRole('textbox', { name: T.returns.amount });
    expect(
      within(await row()).queryByRole('button', { name: `${T.returns.reject} VNY-482913` }),
    ).not.toBeInTheDocument();
    expect(amount).toHaveValue('649.00');
    await user.clear(amount);
    await user.type(amount, '500.50');
    await user.click(
      within(await row()).getByRole('button', { name: `${T.returns.refund} VNY-482913` }),
    );

    await within(await row()).findByText(T.returnStatuses.refunded);
    expect(actions).toEqual([
      { action: 'approve' },
      { action: 'receive' },
      { action: 'refund', refundAmount: 50_050 },
    ]);
    expect(await row()).toHaveTextContent(formatINR(50_050));
    // Nothing left to do but look at its order.
    expect(
      within(await row())
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([T.returns.openOrder('VNY-482913')]);
  });

  it('sends a reply to a ticket and shows it in the thread', async () => {
    signInOwner();
    const ticket: AdminTicket = {
      id: TICKET_ID,
      status: 'open',
      message: 'Is the body butter safe during pregnancy?',
      createdAt: '2025-08-21T04:00:00.000Z',
      replies: [],
      customerName: 'Asha Patil',
      customerEmail: 'asha@example.com',
    };
    const state = { tickets: [ticket] };
    const sent: MockRequest[] = [];
    ownerApi(state, (request) => {
      if (request.url !== `/admin/tickets/${TICKET_ID}/replies`) return undefined;
      sent.push(request);
      const { message } = request.body as { message: string };
      state.tickets = [
        { ...ticket, replies: [{ by: 'owner', message, at: '2025-08-21T05:00:00.000Z' }] },
      ];
      return { status: 201, data: state.tickets[0] };
    });
    const user = userEvent.setup();
    renderRoute('/admin?tab=tickets');

    const thread = (await screen.findByText(ticket.message)).closest('li') as HTMLElement;
    expect(thread).toHaveTextContent('Asha Patil · asha@example.com');
    const reply = within(thread).getByRole('textbox', { name: T.tickets.replyLabel });
    await user.type(reply, '  Yes, it has no retinoids or essential oils.  ');
    await user.click(within(thread).getByRole('button', { name: T.tickets.reply }));

    expect(await screen.findByText(T.tickets.sent)).toHaveAttribute('role', 'status');
    expect(sent.map((r) => r.body)).toEqual([
      { message: 'Yes, it has no retinoids or essential oils.' },
    ]);
    expect(
      await within(thread).findByText('Yes, it has no retinoids or essential oils.'),
    ).toHaveClass('admin-reply--owner');
    expect(reply).toHaveValue('');
  });

  it('lists the waitlist signups with their addresses and dates', async () => {
    signInOwner();
    ownerApi({
      waitlist: [
        { email: 'kavya@example.in', name: 'Kavya Rao', createdAt: '2025-08-22T05:00:00.000Z' },
        { email: 'nikhil@example.in', name: 'Nikhil Joshi', createdAt: '2025-08-02T05:00:00.000Z' },
      ],
    });
    const user = userEvent.setup();
    renderRoute('/admin');

    await user.click(await tab(T.tabs.waitlist));
    const list = await screen.findByRole('region', { name: T.tabs.waitlist });
    expect(
      await within(list).findByText(T.waitlist.count(2), { exact: false }),
    ).toBeInTheDocument();
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Kavya Rao'),
      expect.stringContaining('Nikhil Joshi'),
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'kavya@example.in' })).toHaveAttribute(
      'href',
      'mailto:kavya@example.in',
    );
    expect(rows[0]).toHaveTextContent(`${T.waitlist.joined} 22 Aug 2025`);
  });

  it('says when no one has joined the waitlist yet', async () => {
    signInOwner();
    ownerApi({ waitlist: [] });
    renderRoute('/admin?tab=waitlist');
    expect(await screen.findByText(T.waitlist.empty)).toBeInTheDocument();
  });
});

describe('/admin: cash-on-delivery orders', () => {
  function codOrder(status: Order['status'], cod: Order['cod']): Order {
    return orderFixture(undefined, {
      status,
      paymentMethod: 'cod',
      cod,
      events: [
        { status: 'pending_confirmation', at: PLACED, by: 'shopper' },
        { status: 'confirmed', at: PAID, by: 'shopper' },
      ],
    });
  }

  it('lists them to dispatch with a COD badge, and packs a confirmed one', async () => {
    signInOwner();
    const state = { order: codOrder('confirmed', { status: 'due', amountDue: 69800 }) };
    const requests = ownerApi(state, (request) => {
      if (request.url !== `/admin/orders/${ORDER_ID}/status`) return undefined;
      state.order = moved(state.order, (request.body as { status: Order['status'] }).status);
      return { status: 200, data: detailOf(state.order) };
    });
    const user = userEvent.setup();
    renderRoute('/admin');
    await user.click(await tab(T.tabs.orders));
    const row = (await screen.findByText(/VNY-482913 · Asha Patil/)).closest('li')!;
    expect(row).toHaveTextContent(T.orders.codBadge);
    expect(requests.find((r) => r.url === '/admin/orders')?.params).toMatchObject({
      status: 'to_dispatch',
    });
    // The status filter is labelled for what it picks; "All statuses" is one of its choices.
    const statusFilter = screen.getByRole('combobox', { name: T.orders.status });
    expect(
      within(statusFilter).getByRole('option', { name: T.orders.allStatuses }),
    ).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: T.orders.payment }), 'cod');
    expect(requests.filter((r) => r.url === '/admin/orders').at(-1)?.params).toMatchObject({
      status: 'to_dispatch',
      payment: 'cod',
    });

    await user.click(within(row).getByRole('button', { name: `${T.orders.open} VNY-482913` }));
    expect(await screen.findByText(T.orders.codDue(formatINR(69800)))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: T.orders.pack }));
    expect(await screen.findByText(T.orders.moved(ORDER_STATUS_LABELS.packed))).toBeInTheDocument();
  });

  it('refunds cash paid at the door only with how it was sent and its reference', async () => {
    signInOwner();
    const state = { order: codOrder('delivered', { status: 'collected', amountDue: 0 }) };
    const moves: unknown[] = [];
    ownerApi(state, (request) => {
      if (request.url !== `/admin/orders/${ORDER_ID}/status`) return undefined;
      moves.push(request.body);
      state.order = moved(state.order, 'refunded');
      return { status: 200, data: detailOf(state.order) };
    });
    const user = userEvent.setup();
    renderRoute('/admin?tab=orders');
    const row = (await screen.findByText(/VNY-482913 · Asha Patil/)).closest('li')!;
    await user.click(within(row).getByRole('button', { name: `${T.orders.open} VNY-482913` }));
    const refund = await screen.findByRole('button', { name: T.orders.recordRefund });
    expect(refund).toBeDisabled();
    await user.selectOptions(
      screen.getByRole('combobox', { name: T.orders.refundMethod }),
      'bank_transfer',
    );
    await user.type(screen.getByRole('textbox', { name: T.orders.refundReference }), 'UTR998877');
    // The owner says yes to the browser's confirmation dialog.
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    await user.click(refund);
    expect(
      await screen.findByText(T.orders.moved(ORDER_STATUS_LABELS.refunded)),
    ).toBeInTheDocument();
    expect(moves).toEqual([
      { status: 'refunded', refundMethod: 'bank_transfer', refundReference: 'UTR998877' },
    ]);
  });
});
