export const CHAT_TEXTS = {
  open: 'Chat with us',
  close: 'Close chat',
  title: 'Vanya support',
  subtitle: 'We usually reply within a day',
  inputLabel: 'Your message',
  placeholder: 'Type your message…',
  send: 'Send',
  typing: 'Vanya helper is typing…',
  ticketOpened:
    'I have passed your question to our team as a support ticket. Their answer will be in the Support tab of My Account.',
  askEmail:
    'I cannot answer that myself. Leave your email address here and our team will write back to you.',
  contactSent: (email: string) => `Thank you! Our team will write to you at ${email}.`,
  notAnEmail:
    'That does not look like an email address. Please type it again, or ask me something else.',
  handoffFailed:
    'Sorry, I could not pass your question on just now. Please write to us from the Contact page.',
} as const;
