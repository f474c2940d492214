export const ACCOUNT_TEXTS = {
  heading: 'My Account',
  lead: 'Your profile, orders, invoices, addresses and settings, all in one place.',
  greeting: (name: string) => `Hello, ${name}`,
} as const;
