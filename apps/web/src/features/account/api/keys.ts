// Query keys of the account area. All start with 'account', so signing out can drop them together.
export const ACCOUNT_KEYS = {
  all: ['account'] as const,
  me: ['account', 'me'] as const,
  addresses: ['account', 'addresses'] as const,
  paymentMethods: ['account', 'payment-methods'] as const,
  orders: ['account', 'orders'] as const,
  invoices: ['account', 'invoices'] as const,
  returns: ['account', 'returns'] as const,
  tickets: ['account', 'tickets'] as const,
};
