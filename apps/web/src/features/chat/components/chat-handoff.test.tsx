import { TIMINGS } from '@vanya/catalog';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setSession } from '../../../lib/auth-storage';
import { mockApi } from '../../../testing/mock-api';
import { renderWithShopSettings } from '../../../testing/shop-settings';
import { CHAT_TEXTS as T } from '../texts';
import { ChatWidget } from './chat-widget';

function openChat() {
  fireEvent.click(screen.getByRole('button', { name: 'Chat with us' }));
  return screen.getByRole('dialog', { name: 'Vanya support' });
}

async function send(text: string) {
  fireEvent.change(screen.getByRole('textbox', { name: 'Your message' }), {
    target: { value: text },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  // The bot's pause, then the request to the shop.
  await act(() => vi.advanceTimersByTimeAsync(TIMINGS.chatReplyMs));
}

describe('a question the bot cannot answer', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('becomes a support ticket for a signed-in shopper', async () => {
    setSession('token-chat', { name: 'Asha Patil', email: 'asha@example.com' });
    const requests = mockApi(() => ({ status: 201, data: {} }));
    renderWithShopSettings(<ChatWidget />);
    const log = within(openChat()).getByRole('log');
    await send('Do you have a store in Pune?');
    await vi.waitFor(() => expect(log).toHaveTextContent(T.ticketOpened));
    const ticket = requests.find((r) => r.url === '/tickets');
    expect(ticket?.method).toBe('POST');
    expect((ticket?.body as FormData).get('message')).toBe('Do you have a store in Pune?');
  });

  it('asks a guest for an address, then sends the question as a contact message', async () => {
    const requests = mockApi(() => ({ status: 201, data: { success: true, message: 'ok' } }));
    renderWithShopSettings(<ChatWidget />);
    const log = within(openChat()).getByRole('log');
    await send('Do you have a store in Pune?');
    await vi.waitFor(() => expect(log).toHaveTextContent(T.askEmail));
    expect(requests).toHaveLength(0);

    await send('not an address');
    await vi.waitFor(() => expect(log).toHaveTextContent(T.notAnEmail));
    await send('kavya@example.in');
    await vi.waitFor(() => expect(log).toHaveTextContent(T.contactSent('kavya@example.in')));
    expect(requests.find((r) => r.url === '/contact')?.body).toEqual({
      name: 'Chat visitor',
      email: 'kavya@example.in',
      subject: 'other',
      message: 'Do you have a store in Pune?',
    });
  });

  it('says so when the question could not be passed on', async () => {
    setSession('token-chat', { name: 'Asha Patil', email: 'asha@example.com' });
    mockApi(() => ({ status: 500, data: { msg: 'x', message: 'x', code: 'INTERNAL' } }));
    renderWithShopSettings(<ChatWidget />);
    const log = within(openChat()).getByRole('log');
    await send('Do you have a store in Pune?');
    await vi.waitFor(() => expect(log).toHaveTextContent(T.handoffFailed));
  });
});
