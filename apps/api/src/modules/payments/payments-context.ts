import type { Logger } from '../../platform/logger';
import type { OrderLifecycle } from '../orders/order-lifecycle';
import type { PaymentProvider } from './payment-provider';

export interface PaymentsServiceDeps {
  provider: PaymentProvider;
  lifecycle: OrderLifecycle;
  logger: Logger;
  /** Work that outlives a request (test-mode webhooks); tracked so shutdown can wait for it. */
  runInBackground: (task: () => Promise<unknown>) => void;
  now?: () => number;
}

/** What the payments module's functions share, one per service: its deps with `now` settled once. */
export type PaymentsContext = Required<PaymentsServiceDeps>;

export const paymentsContext = (deps: PaymentsServiceDeps): PaymentsContext => ({
  ...deps,
  now: deps.now ?? Date.now,
});

/** Who reported a payment: the checkout dialog's success, the provider's webhook, or reconcile. */
export type Source = 'verify' | 'webhook' | 'reconcile';
