export const CHAT_TEXTS = {
  open: 'Chat with us',
  close: 'Close chat',
  title: 'Vanya support',
  subtitle: 'We usually reply within a day',
  inputLabel: 'Your message',
  placeholder: 'Type your message…',
  send: 'Send',
  typing: 'Vanya helper is typing…',
} as const;
