// Every path of the storefront in one place (every page of the shop), so links, guards and
// tests cannot drift apart.
export const PATHS = {
  home: '/',
  products: '/products',
  product: (productId: string | number) => `/products/${encodeURIComponent(String(productId))}`,
  about: '/about',
  contact: '/contact',
  community: '/community',
  returnPolicy: '/return-policy',
  terms: '/terms',
  privacy: '/privacy',
  shippingPolicy: '/shipping-policy',
  cancellationRefund: '/cancellation-refund',
  login: '/login',
  signup: '/signup',
  verifyOtp: '/verify-otp',
  verifyEmail: '/verify-email',
  forgotPassword: '/forgot-password',
  forgotEmailSent: '/forgot-email-sent',
  resetPassword: '/reset-password',
  profile: '/profile',
  profileOrders: '/profile?tab=orders',
  order: (orderId: string) => `/profile/orders/${encodeURIComponent(orderId)}`,
  /** The Returns tab with the return form open on this order. */
  returnOrder: (orderId: string) =>
    `/profile?tab=returns&returnOrder=${encodeURIComponent(orderId)}`,
  wishlist: '/wishlist',
  cart: '/cart',
  checkout: '/checkout',
  orderConfirmation: '/order-confirmation',
  admin: '/admin',
} as const;

/** The login page that sends the user back to `returnTo` (a path plus query) once signed in. */
export function loginPathFor(returnTo: string): string {
  return `${PATHS.login}?redirect=${encodeURIComponent(returnTo)}`;
}
