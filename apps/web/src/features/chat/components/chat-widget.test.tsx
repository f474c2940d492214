import {
  DEFAULT_SHOP_SETTINGS,
  FREE_SHIPPING_TEXT,
  freeShippingText,
  TIMINGS,
} from '@vanya/catalog';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { renderWithShopSettings } from '../../../testing/shop-settings';
import { CHAT_GREETING, CHAT_REPLIES } from '../chat-replies';
import { ChatWidget } from './chat-widget';

function openChat() {
  fireEvent.click(screen.getByRole('button', { name: 'Chat with us' }));
  return screen.getByRole('dialog', { name: 'Vanya support' });
}

function send(text: string) {
  fireEvent.change(screen.getByRole('textbox', { name: 'Your message' }), {
    target: { value: text },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
}

describe('ChatWidget', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens with the greeting', () => {
    renderWithShopSettings(<ChatWidget />);
    const dialog = openChat();
    expect(within(dialog).getByRole('log')).toHaveTextContent(CHAT_GREETING);
  });

  it('answers a message one second later with the matching reply', () => {
    renderWithShopSettings(<ChatWidget />);
    const dialog = openChat();
    send('How long is delivery?');
    const log = within(dialog).getByRole('log');
    expect(log).toHaveTextContent('How long is delivery?');
    expect(log).not.toHaveTextContent(CHAT_REPLIES.delivery);

    act(() => vi.advanceTimersByTime(TIMINGS.chatReplyMs - 1));
    expect(log).not.toHaveTextContent(CHAT_REPLIES.delivery);
    act(() => vi.advanceTimersByTime(1));
    expect(log).toHaveTextContent(CHAT_REPLIES.delivery);
  });

  it('answers about delivery with the owner’s free-shipping threshold and pre-order text', () => {
    renderWithShopSettings(<ChatWidget />, {
      ...DEFAULT_SHOP_SETTINGS,
      preOrder: { on: true, dispatchFrom: '2027-01-11', text: 'Dispatch starts mid-January.' },
      freeShippingThresholdPaise: 99900,
    });
    const dialog = openChat();
    send('When do you ship?');
    act(() => vi.advanceTimersByTime(TIMINGS.chatReplyMs));
    const log = within(dialog).getByRole('log');
    expect(log).toHaveTextContent(freeShippingText(99900));
    expect(log).toHaveTextContent('Dispatch starts mid-January.');
    expect(log).not.toHaveTextContent(FREE_SHIPPING_TEXT);
    expect(log).not.toHaveTextContent(DEFAULT_SHOP_SETTINGS.preOrder.text);
  });

  it('ignores empty and whitespace-only messages', () => {
    renderWithShopSettings(<ChatWidget />);
    const dialog = openChat();
    send('   ');
    act(() => vi.advanceTimersByTime(TIMINGS.chatReplyMs * 2));
    expect(within(dialog).getAllByText(/./, { selector: '.chat__message' })).toHaveLength(1);
  });

  it('closes with Escape and gives focus back to its button', () => {
    renderWithShopSettings(<ChatWidget />);
    const dialog = openChat();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Chat with us' })).toHaveFocus();
  });
});
