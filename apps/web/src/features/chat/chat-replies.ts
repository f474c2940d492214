import { DELIVERY, FREE_SHIPPING_TEXT, LIMITS, PRE_ORDER } from '@vanya/catalog';

// The support bot's canned replies, in rupees and with this shop's own rules: the cart's
// shipping rule, 30-day returns, 3-5 business days after dispatch.

export const CHAT_GREETING =
  'Hi there! I’m the Vanya helper. Ask me about our products, delivery or returns.';

export const CHAT_REPLIES = {
  products:
    'You’ll find our body butter, scrub, soap, bundles and hampers on the Products page. Each has its ingredients and how to use it.',
  delivery: `${FREE_SHIPPING_TEXT}. ${PRE_ORDER.dispatchNote} Standard delivery takes ${DELIVERY.businessDaysMin}-${DELIVERY.businessDaysMax} business days after dispatch.`,
  returns: `We have a ${LIMITS.returnWindowDays}-day return policy: ask for a return from the Returns tab of your account within ${LIMITS.returnWindowDays} days of delivery.`,
  greeting: 'Hello! How can I help you today?',
  fallback: 'Thanks for your message! Our support team will get back to you soon.',
} as const;

export type ChatReplyTopic = keyof typeof CHAT_REPLIES;

const RULES: { topic: ChatReplyTopic; pattern: RegExp }[] = [
  { topic: 'delivery', pattern: /\b(deliver\w*|shipping|ship|shipped|dispatch\w*)\b/i },
  { topic: 'returns', pattern: /\b(return\w*|refund\w*|exchange\w*)\b/i },
  { topic: 'products', pattern: /\b(products?|butter|scrub|soap|hampers?|bundles?)\b/i },
  { topic: 'greeting', pattern: /\b(hello|hi|hey|namaste)\b/i },
];

/** Which canned reply answers a message: the first matching keyword wins, else the fallback. */
export function replyTopicFor(message: string): ChatReplyTopic {
  return RULES.find((rule) => rule.pattern.test(message))?.topic ?? 'fallback';
}

export function replyFor(message: string): string {
  return CHAT_REPLIES[replyTopicFor(message)];
}
