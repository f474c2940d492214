export const CONTACT_TEXTS = {
  heading: 'Contact Us',
  lead: 'Questions about an order, an ingredient or a gift hamper? Write to us and we will get back to you soon.',
} as const;
