import {
  DEFAULT_SHOP_SETTINGS,
  FREE_SHIPPING_TEXT,
  freeShippingText,
  PRE_ORDER,
} from '@vanya/catalog';
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

  it('quotes the owner’s free-shipping threshold and pre-order text, the defaults until known', () => {
    expect(CHAT_REPLIES.delivery).toContain(PRE_ORDER.dispatchNote);
    const owner = {
      preOrder: { on: true, dispatchFrom: '2027-01-11', text: 'Dispatch starts mid-January.' },
      freeShippingThresholdPaise: 99900,
    };
    const reply = replyFor('How long does delivery take?', owner);
    expect(reply).toBe(
      `${freeShippingText(99900)}. Dispatch starts mid-January. Standard delivery takes 3-5 business days after dispatch.`,
    );
    expect(replyFor('How long does delivery take?')).toBe(CHAT_REPLIES.delivery);
  });

  it('leaves the pre-order text out while pre-orders are off', () => {
    const off = chatReplies({
      ...DEFAULT_SHOP_SETTINGS,
      preOrder: { ...DEFAULT_SHOP_SETTINGS.preOrder, on: false },
    });
    expect(off.delivery).not.toContain(DEFAULT_SHOP_SETTINGS.preOrder.text);
    expect(off.delivery).toBe(
      `${FREE_SHIPPING_TEXT}. Standard delivery takes 3-5 business days after dispatch.`,
    );
  });

  it('promises 30-day returns', () => {
    expect(replyFor('refund please')).toContain('30-day return policy');
  });

  it('does not take "this" or "shipment" words apart: matches whole words only', () => {
    expect(replyTopicFor('think about it')).toBe('fallback');
  });
});
