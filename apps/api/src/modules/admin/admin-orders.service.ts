import type { AdminOrderListQuery, AdminOrderStatusBody } from '@vanya/contracts';
import type { Actor } from '../../platform/audit/audit';
import { detail } from './admin-order-detail';
import { move, packingSlip, packingSlips, packMany } from './admin-order-moves';
import { listOrders, summary } from './admin-order-views';
import { adminOrdersContext } from './admin-orders-context';
import type { AdminOrdersDeps } from './admin-orders-context';

export type { AdminOrdersDeps } from './admin-orders-context';

/**
 * The owner's view of orders: find, read, move (refunding when money must go back), pack. Each
 * operation is a function of its seam's file given the one context: the lists and the dashboard's
 * counts (admin-order-views.ts), one order read (admin-order-detail.ts), its moves and packing
 * (admin-order-moves.ts).
 */
export function createAdminOrders(deps: AdminOrdersDeps) {
  const ctx = adminOrdersContext(deps);
  return {
    list: (query: AdminOrderListQuery) => listOrders(query),
    detail: (id: string) => detail(ctx, id),
    move: (actor: Actor, id: string, body: AdminOrderStatusBody) => move(ctx, actor, id, body),
    packingSlips: () => packingSlips(),
    packMany: (actor: Actor, ids: string[]) => packMany(ctx, actor, ids),
    packingSlip: (id: string) => packingSlip(ctx, id),
    summary: () => summary(ctx),
  };
}

export type AdminOrders = ReturnType<typeof createAdminOrders>;
