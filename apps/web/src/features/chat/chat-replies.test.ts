import { FREE_SHIPPING_TEXT, freeShippingText } from '@vanya/catalog';
import { describe, expect, it } from 'vitest';

import { CHAT_REPLIES, chatReplies, replyFor, replyTopicFor } from './chat-replies';

describe('chat replies', () => {
  it.each([
    ['Which products do you have?', 'products'],
    ['Is the body butter good for dry skin?', 'products'],
    ['How long does delivery take?', 'delivery'],
    ['What about shipping costs', 'delivery'],
    ['Can I return my order?', 'returns'],
    ['hello', 'greeting'],
    ['Hi there', 'greeting'],
    ['Do you have a store in Pune', 'fallback'],
  ] as const)('answers %j with the %s reply', (message, topic) => {
    expect(replyTopicFor(message)).toBe(topic);
  });

  it('uses rupees and the cart’s shipping rule, 3-5 business days after dispatch', () => {
    expect(CHAT_REPLIES.delivery).toContain(FREE_SHIPPING_TEXT);
    expect(CHAT_REPLIES.delivery).toContain('3-5 business days after dispatch');
    expect(CHAT_REPLIES.delivery).not.toMatch(/\$/);
  });

  const owner = {
    preOrder: { on: true, dispatchFrom: '2027-01-11', text: 'Dispatch starts mid-January.' },
    freeShippingThresholdPaise: 99900,
  };

  it('quotes the owner’s free-shipping threshold and pre-order notice while pre-orders are open', () => {
    expect(chatReplies(owner, '2026-12-07').delivery).toBe(
      `${freeShippingText(99900)}. Dispatch starts mid-January. First dispatch: Mon, 11 Jan. Standard delivery takes 3-5 business days after dispatch.`,
    );
    expect(replyFor('How long does delivery take?')).toBe(CHAT_REPLIES.delivery);
  });

  it('leaves the pre-order notice out while pre-orders are off, by default, or past their day', () => {
    const plain = `${FREE_SHIPPING_TEXT}. Standard delivery takes 3-5 business days after dispatch.`;
    expect(CHAT_REPLIES.delivery).toBe(plain);
    expect(
      chatReplies({ ...owner, preOrder: { ...owner.preOrder, on: false } }, '2026-12-07').delivery,
    ).not.toContain('January');
    expect(chatReplies(owner, '2027-01-12').delivery).toBe(
      `${freeShippingText(99900)}. Standard delivery takes 3-5 business days after dispatch.`,
    );
  });

  it('promises 30-day returns', () => {
    expect(replyFor('refund please')).toContain('30-day return policy');
  });

  it('does not take "this" or "shipment" words apart: matches whole words only', () => {
    expect(replyTopicFor('think about it')).toBe('fallback');
  });
});
