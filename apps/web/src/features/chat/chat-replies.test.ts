import { FREE_SHIPPING_TEXT } from '@vanya/catalog';
import { describe, expect, it } from 'vitest';

import { CHAT_REPLIES, replyFor, replyTopicFor } from './chat-replies';

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

  it('promises 30-day returns', () => {
    expect(replyFor('refund please')).toContain('30-day return policy');
  });

  it('does not take "this" or "shipment" words apart: matches whole words only', () => {
    expect(replyTopicFor('think about it')).toBe('fallback');
  });
});
