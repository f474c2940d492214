import {
  calendarDateInIndia,
  DEFAULT_SHOP_SETTINGS,
  DELIVERY,
  freeShippingText,
  LIMITS,
  preOrderNotice,
  preOrdersOpen,
  type ShopSettings,
} from '@vanya/catalog';

// The support bot's canned replies, in rupees and with this shop's own rules: the owner's
// free-shipping threshold and pre-order notice (the catalogue's defaults until they are known),
// 30-day returns, 3-5 business days after dispatch.

export const CHAT_GREETING =
  'Hi there! I’m the Vanya helper. Ask me about our products, delivery or returns.';

/** The shop settings the replies quote. */
export type ChatReplySettings = Pick<ShopSettings, 'preOrder' | 'freeShippingThresholdPaise'>;

/**
 * The replies with the owner's settings: the threshold, and the pre-order notice while pre-orders
 * are open on `today` (India's date).
 */
export function chatReplies(
  settings: ChatReplySettings = DEFAULT_SHOP_SETTINGS,
  today: string = calendarDateInIndia(new Date()),
) {
  const { preOrder, freeShippingThresholdPaise } = settings;
  const dispatch = preOrdersOpen(preOrder, today) ? `${preOrderNotice(preOrder)} ` : '';
  return {
    products:
      'You’ll find our body butter, scrub, soap, bundles and hampers on the Products page. Each has its ingredients and how to use it.',
    delivery: `${freeShippingText(freeShippingThresholdPaise)}. ${dispatch}Standard delivery takes ${DELIVERY.businessDaysMin}-${DELIVERY.businessDaysMax} business days after dispatch.`,
    returns: `We have a ${LIMITS.returnWindowDays}-day return policy: ask for a return from the Returns tab of your account within ${LIMITS.returnWindowDays} days of delivery.`,
    greeting: 'Hello! How can I help you today?',
    fallback: 'Thanks for your message! Our support team will get back to you soon.',
  } as const;
}

/** The replies with the catalogue's defaults. */
export const CHAT_REPLIES = chatReplies();

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

/** The reply to a message, with the owner's settings (the catalogue's defaults if not given). */
export function replyFor(message: string, settings?: ChatReplySettings): string {
  return chatReplies(settings)[replyTopicFor(message)];
}
