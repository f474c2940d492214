// The order's moves and the sets derived from them are shared data in @vanya/contracts
// (order-rules.ts), read by the API and the web alike.
export { AWAITING_PAYMENT } from '@vanya/contracts';
