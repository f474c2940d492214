import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_MESSAGES, FIELD_MESSAGES } from '@vanya/contracts';
import { describe, expect, it } from 'vitest';

import { setSession } from '../../../lib/auth-storage';
import { mockApi } from '../../../testing/mock-api';
import { renderRoute } from '../../../testing/render-route';
import { ADMIN_TEXTS as T } from '../texts';

const ALL_ON = { newOrder: true, returnRequest: true, ticket: true, lowStock: true };

/** The settings endpoint as the server answers it: a PUT saves its body and answers it back. */
function mockSettings() {
  let saved: object = { ...ALL_ON, smsPhone: '', sms: false };
  return mockApi((request) => {
    if (request.url !== '/admin/settings/notifications') return { status: 200, data: [] };
    if (request.method === 'PUT') saved = request.body as object;
    return { status: 200, data: saved };
  });
}

describe('/admin: settings', () => {
  it('turns a mail to the owners off', async () => {
    setSession('token-owner', { name: 'Meera Deshmukh', email: 'meera@example.in' });
    const requests = mockSettings();
    const user = userEvent.setup();
    renderRoute('/admin?tab=settings');
    const ticket = await screen.findByRole('switch', { name: T.settings.notices.ticket });
    expect(ticket).toBeChecked();
    await user.click(ticket);
    expect(await screen.findByText(T.settings.saved)).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      newOrder: true,
      returnRequest: true,
      ticket: false,
      lowStock: true,
      smsPhone: '',
      sms: false,
    });
    expect(screen.getByRole('switch', { name: T.settings.notices.ticket })).not.toBeChecked();
  });

  it('also texts the notices to a checked mobile number', async () => {
    setSession('token-owner', { name: 'Meera Deshmukh', email: 'meera@example.in' });
    const requests = mockSettings();
    const user = userEvent.setup();
    renderRoute('/admin?tab=settings');
    const phone = await screen.findByLabelText(T.settings.smsPhone);
    await user.click(screen.getByRole('switch', { name: T.settings.sms }));

    // The switch alone, with no number, is refused before anything is sent; so is a short number.
    await user.click(screen.getByRole('button', { name: T.settings.smsSave }));
    expect(await screen.findByText(ADMIN_MESSAGES.smsNeedsPhone)).toBeInTheDocument();
    await user.type(phone, '98220');
    await user.click(screen.getByRole('button', { name: T.settings.smsSave }));
    expect(await screen.findByText(FIELD_MESSAGES.mobile)).toBeInTheDocument();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);

    await user.type(phone, '11223');
    await user.click(screen.getByRole('button', { name: T.settings.smsSave }));
    expect(await screen.findByText(T.settings.saved)).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      ...ALL_ON,
      smsPhone: '9822011223',
      sms: true,
    });
    expect(phone).toHaveAttribute('aria-invalid', 'false');
  });
});
