import { CONTACT_MESSAGES, CONTACT_SUBJECTS } from '@vanya/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { mockApi, type MockReply } from '../../../testing/mock-api';
import { renderRoute } from '../../../testing/render-route';
import { CONTACT_TEXTS as T } from '../texts';

async function renderContact(reply: MockReply) {
  const requests = mockApi(() => reply);
  renderRoute('/contact');
  await screen.findByRole('heading', { level: 1, name: T.heading });
  return requests;
}

async function fill(user: UserEvent) {
  await user.type(screen.getByRole('textbox', { name: T.name }), 'Asha Patil');
  await user.type(screen.getByRole('textbox', { name: T.email }), 'asha@example.com');
  await user.selectOptions(screen.getByRole('combobox', { name: T.subject }), 'order-status');
  await user.type(screen.getByRole('textbox', { name: T.message }), 'Where is my order?');
}

describe('/contact', () => {
  it('offers the six subjects, the address, email, phone, a map and the social links', async () => {
    await renderContact({ status: 200, data: { success: true, message: 'ok' } });
    const subject = screen.getByRole('combobox', { name: T.subject });
    expect(
      within(subject)
        .getAllByRole('option')
        .slice(1)
        .map((o) => o.textContent),
    ).toEqual(CONTACT_SUBJECTS.map((s) => s.label));
    expect(screen.getAllByText(/Latur, Maharashtra 413512/)[0]?.closest('address')).not.toBeNull();
    expect(screen.getAllByRole('link', { name: '+91 98220 45123' })[0]).toHaveAttribute(
      'href',
      'tel:+919822045123',
    );
    expect(screen.getAllByRole('link', { name: 'support@vanyanaturals.in' })[0]).toHaveAttribute(
      'href',
      'mailto:support@vanyanaturals.in',
    );
    expect(screen.getByRole('img', { name: /^Map:/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Open in OpenStreetMap/ })).toBeInTheDocument();
    for (const name of ['Facebook', 'Instagram', 'X', 'YouTube']) {
      expect(
        screen.getAllByRole('link', { name: new RegExp(`on ${name}`) }).length,
      ).toBeGreaterThan(0);
    }
  });

  it('requires every field', async () => {
    const user = userEvent.setup();
    const requests = await renderContact({ status: 200, data: { success: true, message: 'ok' } });
    await user.click(screen.getByRole('button', { name: T.send }));
    expect(
      await screen.findByText(CONTACT_MESSAGES.subject, { selector: '.field__error' }),
    ).toBeInTheDocument();
    expect(screen.getByText(CONTACT_MESSAGES.message)).toBeInTheDocument();
    expect(requests.filter((r) => r.url === '/contact')).toHaveLength(0);
  });

  it('sends the message, says so and clears the form', async () => {
    const user = userEvent.setup();
    const requests = await renderContact({
      status: 200,
      data: { success: true, message: 'Thanks' },
    });
    await fill(user);
    await user.click(screen.getByRole('button', { name: T.send }));
    expect(await screen.findByText(CONTACT_MESSAGES.sent)).toBeInTheDocument();
    // The page's own request (the support chat, loaded when the page is idle, asks for the shop's
    // settings on a busy machine before it).
    expect(requests.find((r) => r.url === '/contact')).toMatchObject({
      method: 'POST',
      url: '/contact',
      body: {
        name: 'Asha Patil',
        email: 'asha@example.com',
        subject: 'order-status',
        message: 'Where is my order?',
      },
    });
    await waitFor(() => expect(screen.getByRole('textbox', { name: T.name })).toHaveValue(''));
    expect(screen.getByRole('textbox', { name: T.message })).toHaveValue('');
  });

  it('shows the server’s error text, or Something went wrong. when it gave none', async () => {
    const user = userEvent.setup();
    await renderContact({
      status: 429,
      data: {
        msg: 'Too many messages, slow down.',
        message: 'Too many messages, slow down.',
        code: 'RATE_LIMITED',
      },
    });
    await fill(user);
    await user.click(screen.getByRole('button', { name: T.send }));
    expect(await screen.findByText('Too many messages, slow down.')).toBeInTheDocument();
  });

  it('shows Something went wrong. for an error answer without text', async () => {
    const user = userEvent.setup();
    await renderContact({ status: 502, data: '<html>Bad gateway</html>' });
    await fill(user);
    await user.click(screen.getByRole('button', { name: T.send }));
    expect(await screen.findByText(CONTACT_MESSAGES.somethingWentWrong)).toBeInTheDocument();
  });

  it('shows the error’s message when no answer came', async () => {
    const user = userEvent.setup();
    await renderContact('network-error');
    await fill(user);
    await user.click(screen.getByRole('button', { name: T.send }));
    expect(await screen.findByText(/could not reach the shop/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: T.name })).toHaveValue('Asha Patil');
  });
});
