import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { setSession } from '../../../lib/auth-storage';
import { mockApi } from '../../../testing/mock-api';
import { renderRoute } from '../../../testing/render-route';
import { userFixture } from '../../../testing/user-fixtures';
import { ACCOUNT_TEXTS } from '../texts';

const T = ACCOUNT_TEXTS.support;
const ID = '66b1f0c2a1b2c3d4e5f607aa';

describe('the Support tab: answering the shop', () => {
  it('sends the shopper’s answer into the thread, then closes the ticket', async () => {
    setSession('token-support', { name: 'Asha Patil', email: 'asha@example.com' });
    let ticket = {
      id: ID,
      status: 'in_progress',
      message: 'My parcel arrived with a cracked jar.',
      createdAt: '2026-11-20T09:30:00.000Z',
      replies: [
        { by: 'owner', message: 'Sorry! A new jar is on its way.', at: '2026-11-21T09:30:00.000Z' },
      ],
    };
    const requests = mockApi((request) => {
      if (request.url === '/auth/me')
        return { status: 200, data: { data: { user: userFixture({ name: 'Asha Patil' }) } } };
      if (request.url === '/tickets') return { status: 200, data: [ticket] };
      if (request.url === `/tickets/${ID}/replies`) {
        const { message } = request.body as { message: string };
        ticket = {
          ...ticket,
          replies: [...ticket.replies, { by: 'shopper', message, at: '2026-11-22T09:30:00.000Z' }],
        };
        return { status: 200, data: ticket };
      }
      if (request.url === `/tickets/${ID}/close`) {
        ticket = { ...ticket, status: 'closed' };
        return { status: 200, data: ticket };
      }
      return { status: 200, data: [] };
    });
    const user = userEvent.setup();
    renderRoute('/profile?tab=support');
    await user.type(
      await screen.findByRole('textbox', { name: T.answer }),
      'Thank you, it arrived.',
    );
    await user.click(screen.getByRole('button', { name: T.send }));
    const thread = await screen.findByRole('list', { name: T.repliesLabel });
    expect(await within(thread).findByText('Thank you, it arrived.')).toBeInTheDocument();
    expect(requests.find((r) => r.url === `/tickets/${ID}/replies`)?.body).toEqual({
      message: 'Thank you, it arrived.',
    });

    await user.click(screen.getByRole('button', { name: T.close }));
    expect(await screen.findByText(ACCOUNT_TEXTS.ticketStatuses.closed)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: T.answer })).not.toBeInTheDocument();
  });
});
