import type { Logger } from '../../platform/logger';
import type { OrderLifecycle } from '../orders/order-lifecycle';
import type { Refunds } from '../orders/refunds';

export interface AdminOrdersDeps {
  lifecycle: OrderLifecycle;
  refunds: Refunds;
  logger: Logger;
  /** Signs invoice download links. */
  linkSecret: string;
  now?: () => number;
}

/** The owner's orders' deps as each of their functions takes them: `now` settled once. */
export type AdminOrdersContext = AdminOrdersDeps & { now: () => number };

export function adminOrdersContext(deps: AdminOrdersDeps): AdminOrdersContext {
  return { ...deps, now: deps.now ?? Date.now };
}
