import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_SHOP_SETTINGS, type ShopSettings } from '@vanya/catalog';
import { SHOP_SETTINGS_MESSAGES } from '@vanya/contracts';
import { describe, expect, it } from 'vitest';

import { setSession } from '../../../lib/auth-storage';
import { mockApi, type MockReply } from '../../../testing/mock-api';
import { renderRoute } from '../../../testing/render-route';
import { SHOP_SETTINGS_TEXTS as T } from './admin-shop-settings';

/** GET /shop-settings and the owner's PUT, which saves its body (or answers `refusal`). */
function mockShop(refusal?: MockReply, stored: ShopSettings = DEFAULT_SHOP_SETTINGS) {
  let saved = stored;
  return mockApi((request) => {
    if (request.url === '/admin/settings/shop' && request.method === 'PUT') {
      if (refusal) return refusal;
      saved = request.body as ShopSettings;
      return { status: 200, data: saved };
    }
    if (request.url === '/shop-settings') return { status: 200, data: saved };
    if (request.url === '/admin/settings/notifications')
      return {
        status: 200,
        data: {
          newOrder: true,
          returnRequest: true,
          ticket: true,
          lowStock: true,
          smsPhone: '',
          sms: false,
        },
      };
    return { status: 200, data: [] };
  });
}

async function openForm() {
  setSession('token-owner', { name: 'Meera Deshmukh', email: 'meera@example.in' });
  renderRoute('/admin?tab=settings');
  const section = await screen.findByRole('region', { name: T.heading });
  await within(section).findByLabelText(T.text);
  return section;
}

describe('/admin: shop settings', () => {
  it('shows the values in force and saves the owner’s changes in paise', async () => {
    const requests = mockShop();
    const user = userEvent.setup();
    const form = await openForm();
    const text = within(form).getByLabelText(T.text);
    expect(text).toHaveValue(DEFAULT_SHOP_SETTINGS.preOrder.text);
    expect(within(form).getByLabelText(T.dispatchFrom)).toHaveValue('2026-08-08');
    expect(within(form).getByLabelText(T.codFee)).toHaveValue('49');
    expect(within(form).getByLabelText(T.codMax)).toHaveValue('3000');
    expect(within(form).getByLabelText(T.freeShipping)).toHaveValue('149');
    // The default text is named in the hint, to go back to.
    expect(text).toHaveAccessibleDescription(
      expect.stringContaining(DEFAULT_SHOP_SETTINGS.preOrder.text),
    );

    await user.clear(text);
    await user.type(text, 'Dispatch starts mid-January.');
    await user.clear(within(form).getByLabelText(T.dispatchFrom));
    await user.type(within(form).getByLabelText(T.dispatchFrom), '2099-01-12');
    await user.clear(within(form).getByLabelText(T.codFee));
    await user.type(within(form).getByLabelText(T.codFee), '59.50');
    await user.clear(within(form).getByLabelText(T.codMax));
    await user.type(within(form).getByLabelText(T.codMax), '5000');
    await user.clear(within(form).getByLabelText(T.freeShipping));
    await user.type(within(form).getByLabelText(T.freeShipping), '999');
    await user.click(within(form).getByRole('switch', { name: T.preOrderOn }));
    await user.click(within(form).getByRole('button', { name: T.save }));

    expect(await within(form).findByText(T.saved)).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      preOrder: { on: true, dispatchFrom: '2099-01-12', text: 'Dispatch starts mid-January.' },
      codFeePaise: 5950,
      codMaxGoodsPaise: 500000,
      freeShippingThresholdPaise: 99900,
    });
  });

  it('refuses pre-orders from a first dispatch day that has passed, saying so beside the day', async () => {
    const requests = mockShop();
    const user = userEvent.setup();
    const form = await openForm();
    await user.click(within(form).getByRole('switch', { name: T.preOrderOn }));
    await user.click(within(form).getByRole('button', { name: T.save }));
    const day = within(form).getByLabelText(T.dispatchFrom);
    const said = SHOP_SETTINGS_MESSAGES.dispatchFromPast(
      DEFAULT_SHOP_SETTINGS.preOrder.dispatchFrom,
    );
    expect(await within(form).findByText(said)).toBeInTheDocument();
    expect(day).toHaveAttribute('aria-invalid', 'true');
    expect(day).toHaveAccessibleDescription(expect.stringContaining(said));
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it('says pre-orders have ended when the saved first dispatch day has passed', async () => {
    const preOrder = { on: true, dispatchFrom: '2026-08-08', text: 'From August.' };
    mockShop(undefined, { ...DEFAULT_SHOP_SETTINGS, preOrder });
    const form = await openForm();
    expect(within(form).getByRole('status')).toHaveTextContent(
      SHOP_SETTINGS_MESSAGES.preOrdersEnded('2026-08-08'),
    );
    expect(SHOP_SETTINGS_MESSAGES.preOrdersEnded('2026-08-08')).toMatch(
      /^Pre-orders ended on Sat, 8 Aug/,
    );
  });

  it('refuses a blank text, a bad amount and a missing date before sending anything', async () => {
    const requests = mockShop();
    const user = userEvent.setup();
    const form = await openForm();
    await user.clear(within(form).getByLabelText(T.text));
    await user.type(within(form).getByLabelText(T.text), '   ');
    await user.clear(within(form).getByLabelText(T.codFee));
    await user.type(within(form).getByLabelText(T.codFee), '12.345');
    await user.clear(within(form).getByLabelText(T.dispatchFrom));
    await user.click(within(form).getByRole('button', { name: T.save }));

    expect(await within(form).findByText(SHOP_SETTINGS_MESSAGES.textRequired)).toBeInTheDocument();
    expect(within(form).getByText(SHOP_SETTINGS_MESSAGES.codFee)).toBeInTheDocument();
    expect(within(form).getByText(SHOP_SETTINGS_MESSAGES.dispatchFrom)).toBeInTheDocument();
    expect(within(form).getByLabelText(T.codFee)).toHaveAttribute('aria-invalid', 'true');
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it('shows the server’s refusal at its field', async () => {
    mockShop({
      status: 400,
      data: {
        code: 'VALIDATION_ERROR',
        message: SHOP_SETTINGS_MESSAGES.freeShippingThreshold,
        issues: [
          {
            path: ['freeShippingThresholdPaise'],
            message: SHOP_SETTINGS_MESSAGES.freeShippingThreshold,
          },
        ],
      },
    });
    const user = userEvent.setup();
    const form = await openForm();
    await user.click(within(form).getByRole('button', { name: T.save }));
    expect(
      await within(form).findByText(SHOP_SETTINGS_MESSAGES.freeShippingThreshold),
    ).toBeInTheDocument();
    expect(within(form).getByLabelText(T.freeShipping)).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).queryByText(T.saved)).not.toBeInTheDocument();
  });
});
