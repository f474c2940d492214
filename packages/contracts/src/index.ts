// @vanya/contracts: the zod schemas of every request and response body, the shared field rules and
// the texts both apps show. Consumed as TypeScript source by apps/web and apps/api.
export * from './admin';
export * from './api';
export * from './auth';
export * from './consent';
export * from './coupons';
export * from './contact';
export * from './errors';
export * from './fields';
export * from './health';
export * from './messages';
export * from './orders';
export * from './order-rules';
export * from './password';
export * from './payments';
export * from './pincodes';
export * from './products';
export * from './product-photos';
export * from './profile';
export * from './reviews';
export * from './shipping';
export * from './shop-settings';
export * from './stock';
export * from './waitlist';
export * from './wishlist';
