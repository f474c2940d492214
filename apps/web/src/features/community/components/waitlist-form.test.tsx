import { FIELD_MESSAGES, WAITLIST_MESSAGES } from '@vanya/contracts';
import { render, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { AppProvider } from '../../../app/provider';
import { mockApi, type MockReply } from '../../../testing/mock-api';
import { COMMUNITY_TEXTS as T } from '../texts';
import { WaitlistForm } from './waitlist-form';

function renderForm(reply: MockReply) {
  const requests = mockApi(() => reply);
  render(
    <AppProvider>
      <WaitlistForm />
    </AppProvider>,
  );
  return requests;
}

async function fill(user: UserEvent, name: string, email: string) {
  if (name) await user.type(screen.getByRole('textbox', { name: T.waitlistName }), name);
  if (email) await user.type(screen.getByRole('textbox', { name: T.waitlistEmail }), email);
}

/** The confirmation that takes the form's place, announced as a status. */
async function findConfirmation() {
  const title = await screen.findByText(T.joinedTitle);
  return title.closest('[role="status"]');
}

const joined = { status: 201, data: { success: true, message: WAITLIST_MESSAGES.joined } };

describe('the waitlist form', () => {
  it('is a form with a name, an email and Join the Waitlist, not a mail link', () => {
    renderForm(joined);
    const form = screen.getByRole('form', { name: T.joinWaitlist });
    expect(form).toContainElement(screen.getByRole('textbox', { name: T.waitlistName }));
    expect(screen.getByRole('textbox', { name: T.waitlistEmail })).toHaveAttribute('type', 'email');
    expect(screen.getByRole('button', { name: T.joinWaitlist })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Join the Waitlist/ })).toBeNull();
  });

  it('sends the name and email and confirms, in the words the API answered', async () => {
    const user = userEvent.setup();
    const requests = renderForm(joined);
    await fill(user, 'Meera Joshi', 'Meera@Example.in');
    await user.click(screen.getByRole('button', { name: T.joinWaitlist }));

    const confirmation = await findConfirmation();
    expect(confirmation).toHaveTextContent(T.joinedTitle);
    expect(confirmation).toHaveTextContent(WAITLIST_MESSAGES.joined);
    expect(confirmation).toHaveFocus();
    expect(requests).toEqual([
      expect.objectContaining({
        method: 'POST',
        url: '/waitlist',
        body: { name: 'Meera Joshi', email: 'meera@example.in' },
      }),
    ]);
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('says the same when the address was already on the list (200)', async () => {
    const user = userEvent.setup();
    renderForm({ status: 200, data: { success: true, message: WAITLIST_MESSAGES.joined } });
    await fill(user, 'Meera Joshi', 'meera@example.in');
    await user.click(screen.getByRole('button', { name: T.joinWaitlist }));
    expect(await findConfirmation()).toHaveTextContent(WAITLIST_MESSAGES.joined);
  });

  it('refuses a missing name or a malformed email beside the field, sending nothing', async () => {
    const user = userEvent.setup();
    const requests = renderForm(joined);
    await fill(user, '', 'meera@');
    await user.click(screen.getByRole('button', { name: T.joinWaitlist }));
    expect(await screen.findByText(FIELD_MESSAGES.name)).toBeInTheDocument();
    expect(screen.getByText(FIELD_MESSAGES.invalidEmail)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: T.waitlistEmail })).toHaveAccessibleDescription(
      FIELD_MESSAGES.invalidEmail,
    );
    expect(requests).toHaveLength(0);
  });

  it('shows the server’s words when it refuses, and a plain sentence when it cannot be reached', async () => {
    const user = userEvent.setup();
    renderForm({
      status: 429,
      data: {
        msg: 'Too many attempts. Please try again in 5 minutes.',
        message: 'Too many attempts. Please try again in 5 minutes.',
        code: 'RATE_LIMITED',
      },
    });
    await fill(user, 'Meera Joshi', 'meera@example.in');
    await user.click(screen.getByRole('button', { name: T.joinWaitlist }));
    const refusal = await screen.findByText('Too many attempts. Please try again in 5 minutes.');
    expect(refusal).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('button', { name: T.joinWaitlist })).toBeEnabled();

    mockApi(() => 'network-error');
    await user.click(screen.getByRole('button', { name: T.joinWaitlist }));
    expect(await screen.findByText(T.joinFailed)).toBeInTheDocument();
  });
});
