import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { setSession } from '../../../lib/auth-storage';
import { mockApi } from '../../../testing/mock-api';
import { renderRoute } from '../../../testing/render-route';
import { ADMIN_TEXTS as T } from '../texts';

describe('/admin: settings', () => {
  it('turns a mail to the owners off', async () => {
    setSession('token-owner', { name: 'Meera Deshmukh', email: 'meera@example.in' });
    let saved = { newOrder: true, returnRequest: true, ticket: true, lowStock: true };
    const requests = mockApi((request) => {
      if (request.url !== '/admin/settings/notifications') return { status: 200, data: [] };
      if (request.method === 'PUT') saved = request.body as typeof saved;
      return { status: 200, data: saved };
    });
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
    });
    expect(screen.getByRole('switch', { name: T.settings.notices.ticket })).not.toBeChecked();
  });
});
