// What other features may use of orders.
export { COD_TEXTS } from './texts';
