import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { setSession } from '../../../lib/auth-storage';
import { mockApi } from '../../../testing/mock-api';
import { renderRoute } from '../../../testing/render-route';
import { ADMIN_TEXTS as T } from '../texts';

describe('/admin: the audit log', () => {
  it('lists what owners did, and asks again by kind and days', async () => {
    setSession('token-owner', { name: 'Meera Deshmukh', email: 'meera@example.in' });
    const requests = mockApi((request) =>
      request.url === '/admin/audit'
        ? {
            status: 200,
            data: [
              {
                at: '2026-11-28T05:00:00.000Z',
                actor: 'meera@example.in',
                action: 'order.shipped',
                target: 'VNY-482913',
                details: { carrier: 'India Post', trackingNumber: 'EE1IN' },
              },
            ],
          }
        : { status: 200, data: [] },
    );
    const user = userEvent.setup();
    renderRoute('/admin?tab=audit');
    expect(await screen.findByText('Order shipped · VNY-482913')).toBeInTheDocument();
    expect(screen.getByText('carrier: India Post · trackingNumber: EE1IN')).toBeInTheDocument();
    expect(screen.getByText(/meera@example\.in/)).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: T.audit.area }), 'order');
    await user.type(screen.getByLabelText(T.audit.from), '2026-11-01');
    const asked = () => requests.filter((r) => r.url === '/admin/audit').at(-1)?.params;
    await screen.findByText('Order shipped · VNY-482913');
    expect(asked()).toEqual({ area: 'order', from: '2026-11-01' });
  });
});
