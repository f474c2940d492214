import type { Coupon, CouponUse } from '@vanya/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { setSession } from '../../../lib/auth-storage';
import { mockApi, type MockReply, type MockRequest } from '../../../testing/mock-api';
import { renderRoute } from '../../../testing/render-route';
import { userFixture } from '../../../testing/user-fixtures';
import { COUPON_ADMIN_TEXTS as C } from '../coupon-texts';
import { ADMIN_TEXTS } from '../texts';

const DIWALI: Coupon = {
  code: 'DIWALI10',
  kind: 'percent',
  value: 10,
  minOrder: 50_000,
  maxDiscount: 30_000,
  startsAt: '2026-10-31T18:30:00.000Z',
  endsAt: '2026-11-30T18:29:59.999Z',
  usageLimit: 5,
  perCustomerLimit: 1,
  active: true,
  used: 3,
  createdAt: '2026-10-20T10:00:00.000Z',
};
const HUNDRED: Coupon = {
  ...DIWALI,
  code: 'HUNDRED',
  kind: 'flat',
  value: 10_000,
  minOrder: 0,
  maxDiscount: null,
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  active: false,
  used: 0,
};
const USES: CouponUse[] = [
  {
    orderId: '66b1f0c2a1b2c3d4e5f60718',
    orderNumber: 'VNY-000042',
    status: 'paid',
    discount: 8_770,
    at: '2026-11-14T09:30:00.000Z',
    givenBackAt: null,
  },
  {
    orderId: '66b1f0c2a1b2c3d4e5f60719',
    orderNumber: 'VNY-000041',
    status: 'cancelled',
    discount: 5_000,
    at: '2026-11-13T09:30:00.000Z',
    givenBackAt: '2026-11-13T10:00:00.000Z',
  },
];

/** The owner's API: the coupons and DIWALI10's uses; writes answered by `onWrite`. */
function ownerApi(onWrite: (request: MockRequest) => MockReply = () => ({ status: 200 })) {
  setSession('token-owner', { name: 'Meera Deshmukh', email: 'meera@example.in' });
  return mockApi((request) => {
    if (request.method !== 'GET') return onWrite(request);
    switch (request.url) {
      case '/auth/me':
        return { status: 200, data: { user: userFixture({ name: 'Meera Deshmukh' }) } };
      case '/admin/summary':
        return {
          status: 200,
          data: {
            ordersToDispatch: 0,
            paymentsHeld: 0,
            openReturns: 0,
            openTickets: 0,
            unreadMessages: 0,
            sales: { today: 0, last7Days: 0, last30Days: 0 },
            lowStock: [],
          },
        };
      case '/admin/coupons':
        return { status: 200, data: [DIWALI, HUNDRED] };
      case '/admin/coupons/DIWALI10/uses':
        return { status: 200, data: USES };
      default:
        return { status: 404, data: { msg: 'no', message: 'no', code: 'NOT_FOUND' } };
    }
  });
}

async function renderCoupons() {
  renderRoute('/admin?tab=coupons');
  await screen.findByText('DIWALI10');
  return screen.getByRole('region', { name: ADMIN_TEXTS.tabs.coupons });
}

const row = (code: string) => screen.getByText(code).closest('li')!;

describe('the owner’s coupons', () => {
  it('is a tab of the owner area and lists what each coupon gives, its limits, dates and uses', async () => {
    ownerApi();
    renderRoute('/admin');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: ADMIN_TEXTS.tabs.coupons }));
    await screen.findByText('DIWALI10');

    const diwali = row('DIWALI10');
    expect(diwali).toHaveTextContent('10% off, up to ₹300');
    expect(diwali).toHaveTextContent('Min. order ₹500');
    expect(diwali).toHaveTextContent('Once per shopper');
    expect(diwali).toHaveTextContent('1 Nov 2026 – 30 Nov 2026');
    expect(diwali).toHaveTextContent('3 / 5 used');
    expect(within(diwali).getByText(C.status.active)).toBeInTheDocument();

    const hundred = row('HUNDRED');
    expect(hundred).toHaveTextContent('₹100 off');
    expect(hundred).toHaveTextContent('No minimum');
    expect(hundred).toHaveTextContent(C.always);
    expect(hundred).toHaveTextContent('0 used');
    expect(within(hundred).getByText(C.status.paused)).toBeInTheDocument();
    expect(within(hundred).getByRole('button', { name: `${C.resume} HUNDRED` })).toBeEnabled();
  });

  it('creates a coupon from rupees in the form, sending paise and days in India', async () => {
    const user = userEvent.setup();
    const requests = ownerApi((request) => ({
      status: 201,
      data: { ...DIWALI, ...(request.body as object), used: 0 },
    }));
    await renderCoupons();
    await user.click(screen.getByRole('button', { name: C.newCoupon }));
    const form = screen.getByRole('form', { name: C.formNew });
    await user.type(within(form).getByRole('textbox', { name: C.code }), 'diwali10');
    await user.type(within(form).getByRole('textbox', { name: C.percent }), '10');
    await user.type(within(form).getByRole('textbox', { name: C.maxDiscount }), '300');
    await user.type(within(form).getByRole('textbox', { name: C.minOrder }), '499.50');
    await user.type(within(form).getByLabelText(C.startsOn), '2026-11-01');
    await user.type(within(form).getByLabelText(C.endsOn), '2026-11-30');
    await user.type(within(form).getByRole('textbox', { name: C.usageLimit }), '5');
    await user.click(within(form).getByRole('button', { name: C.save }));

    expect(await screen.findByText(C.saved('DIWALI10'))).toBeInTheDocument();
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.url).toBe('/admin/coupons');
    expect(post?.body).toEqual({
      code: 'DIWALI10',
      kind: 'percent',
      value: 10,
      minOrder: 49_950,
      maxDiscount: 30_000,
      startsAt: '2026-11-01T00:00:00.000+05:30',
      endsAt: '2026-11-30T23:59:59.999+05:30',
      usageLimit: 5,
      perCustomerLimit: 1,
      active: true,
    });
  });

  it('explains each wrong field before sending anything, and the server’s refusal after', async () => {
    const user = userEvent.setup();
    const requests = ownerApi(() => ({
      status: 409,
      data: {
        msg: 'A coupon DIWALI10 exists already.',
        message: 'A coupon DIWALI10 exists already.',
        code: 'COUPON_EXISTS',
      },
    }));
    await renderCoupons();
    await user.click(screen.getByRole('button', { name: C.newCoupon }));
    const form = screen.getByRole('form', { name: C.formNew });
    const field = (name: string) => within(form).getByRole('textbox', { name });
    await user.type(field(C.code), 'AB');
    await user.type(field(C.percent), '10');
    await user.type(field(C.minOrder), '3 hundred');
    await user.click(within(form).getByRole('button', { name: C.save }));
    expect(field(C.code)).toHaveAccessibleDescription(
      `${C.codeHint} A coupon code is 4 to 20 letters and digits`,
    );
    expect(field(C.minOrder)).toHaveAccessibleDescription(C.rupeesError);

    await user.clear(field(C.code));
    await user.type(field(C.code), 'DIWALI10');
    await user.clear(field(C.minOrder));
    await user.clear(field(C.percent));
    await user.type(field(C.percent), '95');
    await user.type(within(form).getByLabelText(C.startsOn), '2026-12-01');
    await user.type(within(form).getByLabelText(C.endsOn), '2026-11-01');
    await user.click(within(form).getByRole('button', { name: C.save }));
    expect(field(C.percent)).toHaveAccessibleDescription(
      'A percent coupon takes 1 to 90 percent off',
    );
    expect(within(form).getByLabelText(C.endsOn)).toHaveAccessibleDescription(
      'The coupon must end after it starts',
    );
    expect(field(C.code)).toHaveAccessibleDescription(C.codeHint);
    expect(requests.filter((r) => r.method !== 'GET')).toHaveLength(0);

    await user.clear(field(C.percent));
    await user.type(field(C.percent), '10');
    await user.clear(within(form).getByLabelText(C.endsOn));
    await user.click(within(form).getByRole('button', { name: C.save }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'A coupon DIWALI10 exists already.',
    );
  });

  it('edits a coupon with its figures back in rupees, keeping its code', async () => {
    const user = userEvent.setup();
    const requests = ownerApi((request) => ({
      status: 200,
      data: { ...DIWALI, ...(request.body as object) },
    }));
    await renderCoupons();
    await user.click(screen.getByRole('button', { name: `${C.edit} DIWALI10` }));
    const form = screen.getByRole('form', { name: C.formEdit('DIWALI10') });
    expect(within(form).getByRole('textbox', { name: C.code })).toHaveAttribute('readonly');
    expect(within(form).getByRole('textbox', { name: C.maxDiscount })).toHaveValue('300');
    expect(within(form).getByRole('textbox', { name: C.minOrder })).toHaveValue('500');
    expect(within(form).getByLabelText(C.startsOn)).toHaveValue('2026-11-01');
    expect(within(form).getByLabelText(C.endsOn)).toHaveValue('2026-11-30');

    const value = within(form).getByRole('textbox', { name: C.percent });
    await user.clear(value);
    await user.type(value, '15');
    await user.click(within(form).getByRole('button', { name: C.save }));
    await screen.findByText(C.saved('DIWALI10'));
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.url).toBe('/admin/coupons/DIWALI10');
    expect(put?.body).toMatchObject({
      code: 'DIWALI10',
      value: 15,
      minOrder: 50_000,
      maxDiscount: 30_000,
      startsAt: '2026-11-01T00:00:00.000+05:30',
      endsAt: '2026-11-30T23:59:59.999+05:30',
    });
  });

  it('pauses and resumes a coupon with its whole rule, nothing the API would refuse', async () => {
    const user = userEvent.setup();
    const requests = ownerApi((request) => ({
      status: 200,
      data: { ...DIWALI, ...(request.body as object) },
    }));
    await renderCoupons();
    await user.click(screen.getByRole('button', { name: `${C.pause} DIWALI10` }));
    // Confirmed in the coupon's own row, beside the button pressed.
    const paused = await screen.findByText(C.paused('DIWALI10'));
    expect(paused.closest('li')).toHaveTextContent('DIWALI10');
    expect(paused.closest('li')).not.toHaveTextContent('HUNDRED');
    const { used, createdAt, ...rule } = DIWALI;
    void used;
    void createdAt;
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ ...rule, active: false });

    await user.click(screen.getByRole('button', { name: `${C.resume} HUNDRED` }));
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'PUT').at(-1)?.body).toMatchObject({
        code: 'HUNDRED',
        active: true,
      }),
    );
  });

  it('shows a coupon’s uses with the order, its status and the discount', async () => {
    const user = userEvent.setup();
    ownerApi();
    await renderCoupons();
    await user.click(screen.getByRole('button', { name: `${C.showUses} DIWALI10` }));
    const uses = await screen.findByRole('region', { name: `${C.showUses} DIWALI10` });
    const items = await within(uses).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('VNY-000042 · Paid · 14 Nov 2026');
    expect(items[0]).toHaveTextContent('−₹87.70');
    expect(items[1]).toHaveTextContent(`VNY-000041 · Cancelled · ${C.givenBack}`);
    expect(items[1]).toHaveTextContent('−₹50.00');
  });
});
