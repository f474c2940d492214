// The order's rules as data, read by the API and the web alike: the moves between its states, the
// sets derived from them, their labels, and what a viewer may do next (`nextActions`). The API
// answers every order with `nextActions` and refuses what they do not offer; the screens draw
// their buttons from them and never restate a rule. Returns move through the same helper.
import { z } from 'zod';
import type { OrderStatus, ReturnStatus } from './profile';

/** A transition table: from each state, the states it may move to. */
export type Moves<S extends string> = Readonly<Record<S, readonly S[]>>;

export function canMove<S extends string>(moves: Moves<S>, from: S, to: S): boolean {
  return moves[from].includes(to);
}

/** The states from which `to` is one move away. */
export function statesBefore<S extends string>(moves: Moves<S>, to: S): S[] {
  return (Object.keys(moves) as S[]).filter((from) => moves[from].includes(to));
}

/**
 * The moves an order may make. A prepaid order goes `pending_payment -> paid -> packed -> shipped
 * -> delivered`; `payment_failed` may still become paid (the shopper tries again). A
 * cash-on-delivery order goes `pending_confirmation -> confirmed` (its SMS code) and then the same
 * road, paid at the door. `cancelled` is possible until the parcel leaves (refunded when it was
 * paid); a parcel refused at the door ends `rto` (returned to origin); `refunded` ends an order
 * whose money went back whole. Everything else is refused.
 */
export const ORDER_MOVES: Moves<OrderStatus> = {
  pending_payment: ['paid', 'payment_failed', 'cancelled'],
  payment_failed: ['paid', 'cancelled'],
  paid: ['packed', 'cancelled', 'refunded'],
  pending_confirmation: ['confirmed', 'cancelled'],
  confirmed: ['packed', 'cancelled'],
  packed: ['shipped', 'cancelled', 'refunded'],
  shipped: ['delivered', 'refunded', 'rto'],
  delivered: ['refunded'],
  rto: ['refunded'],
  cancelled: [],
  refunded: [],
};

/** States in which the order still waits for its money. */
export const AWAITING_PAYMENT: readonly OrderStatus[] = ['pending_payment', 'payment_failed'];

/** Paid prepaid orders and confirmed cash-on-delivery ones: the owner packs them next. */
export const TO_PACK: readonly OrderStatus[] = statesBefore(ORDER_MOVES, 'packed');

/** The owner's "to dispatch": orders to pack, and packed ones waiting for the courier. */
export const TO_DISPATCH: readonly OrderStatus[] = [...TO_PACK, 'packed'];

/** Until it leaves with the courier an order may be cancelled (by the owner; its units go back). */
export const BEFORE_DISPATCH: readonly OrderStatus[] = statesBefore(ORDER_MOVES, 'cancelled');

/** The shopper may cancel until the order is packed. */
export const SHOPPER_CANCELLABLE: readonly OrderStatus[] = BEFORE_DISPATCH.filter(
  (s) => s !== 'packed',
);

/** After dispatch the owner refunds rather than cancels (the whole order, through the provider). */
const REFUNDED_AFTER_DISPATCH: readonly OrderStatus[] = ['shipped', 'delivered', 'rto'];

/**
 * The states in which an order has its GST invoice: a prepaid order from its payment on, a
 * cash-on-delivery one from shipping (the time of supply for goods).
 */
export const INVOICED: Readonly<Record<'prepaid' | 'cod', readonly OrderStatus[]>> = {
  prepaid: ['paid', 'packed', 'shipped', 'delivered', 'rto', 'refunded'],
  cod: ['shipped', 'delivered', 'rto', 'refunded'],
};

/** What the shopper and the owner call each state. */
export const ORDER_STATUS_LABELS = {
  pending_payment: 'Awaiting payment',
  paid: 'Paid',
  packed: 'Packed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  payment_failed: 'Payment failed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  pending_confirmation: 'Awaiting confirmation',
  confirmed: 'Confirmed (cash on delivery)',
  rto: 'Returned to us',
} as const satisfies Record<OrderStatus, string>;

// ---------------------------------------------------------------------------------------------
// What may be done next

/** Who looks at the order. */
export type OrderViewer = 'shopper' | 'owner';

/**
 * What can be done to an order. The shopper: cancel (before packing), confirm a cash-on-delivery
 * order with its code. The owner: pack, book the parcel with the courier or cancel its pickup,
 * mark it shipped by hand (sent another way), delivered or refused at the door (rto), cancel
 * (refunding a paid order), refund a prepaid order after dispatch, or record the refund of cash
 * paid at the door (sent by UPI or bank transfer).
 */
export const ORDER_ACTIONS = [
  'cancel',
  'confirm_cod',
  'pack',
  'book_shipment',
  'cancel_pickup',
  'ship_by_hand',
  'mark_delivered',
  'mark_rto',
  'refund',
  'record_cod_refund',
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** The state an action moves the order to (the courier's booking moves nothing). */
export const ACTION_MOVES_TO: Readonly<Partial<Record<OrderAction, OrderStatus>>> = {
  cancel: 'cancelled',
  confirm_cod: 'confirmed',
  pack: 'packed',
  ship_by_hand: 'shipped',
  mark_delivered: 'delivered',
  mark_rto: 'rto',
  refund: 'refunded',
  record_cod_refund: 'refunded',
};

/** Why an action is not offered now, and what to do instead. */
export const ORDER_REFUSALS = {
  notCancellable: {
    code: 'ORDER_NOT_CANCELLABLE',
    message:
      'This order has already been packed, so it can no longer be cancelled. Once it arrives, you can return it from your profile.',
  },
  pickupFirst: {
    code: 'SHIPMENT_BOOKED',
    message:
      'The parcel is booked with the courier: cancel the pickup with the courier first, then cancel the order.',
  },
  booked: {
    code: 'SHIPMENT_BOOKED',
    message:
      'The parcel is booked with the courier, whose pickup scan marks it shipped. To send it another way, cancel the pickup first.',
  },
} as const;

export const orderActionSchema = z
  .object({
    action: z.enum(ORDER_ACTIONS),
    /** False: shown, but refused now, for the reason in `why`. */
    allowed: z.boolean(),
    why: z.string().optional(),
    /** The error code the API answers when the action is asked for anyway. */
    code: z.string().optional(),
  })
  .meta({ id: 'OrderAction' });
export type OrderActionView = z.infer<typeof orderActionSchema>;

/** What `nextActions` needs to know of an order. */
export interface OrderFacts {
  status: OrderStatus;
  paymentMethod: 'upi' | 'card' | 'cod';
  /** Cash on delivery paid to the courier (the order was delivered). */
  codCollected?: boolean;
  /** The parcel's live booking with the courier (null when none, or when it was called off). */
  booking?: { courier: string; awb: string } | null;
}

const allow = (action: OrderAction): OrderActionView => ({ action, allowed: true });
const refuse = (
  action: OrderAction,
  refusal: { code: string; message: string },
): OrderActionView => ({ action, allowed: false, why: refusal.message, code: refusal.code });

function shopperActions(order: OrderFacts): OrderActionView[] {
  const { status } = order;
  const actions: OrderActionView[] = [];
  if (status === 'pending_confirmation') actions.push(allow('confirm_cod'));
  if (SHOPPER_CANCELLABLE.includes(status)) actions.push(allow('cancel'));
  else if (status === 'packed' || status === 'shipped')
    actions.push(refuse('cancel', ORDER_REFUSALS.notCancellable));
  return actions;
}

function ownerActions(order: OrderFacts): OrderActionView[] {
  const { status, booking } = order;
  const actions: OrderActionView[] = [];
  if (TO_PACK.includes(status)) actions.push(allow('pack'));
  if (status === 'packed')
    actions.push(
      ...(booking
        ? [allow('cancel_pickup'), refuse('ship_by_hand', ORDER_REFUSALS.booked)]
        : [allow('book_shipment'), allow('ship_by_hand')]),
    );
  if (status === 'shipped') actions.push(allow('mark_delivered'), allow('mark_rto'));
  if (canMove(ORDER_MOVES, status, 'cancelled'))
    actions.push(
      booking && status === 'packed'
        ? refuse('cancel', ORDER_REFUSALS.pickupFirst)
        : allow('cancel'),
    );
  if (REFUNDED_AFTER_DISPATCH.includes(status)) {
    // Cash paid at the door has no payment to refund: the owner sends it back and records how.
    if (order.paymentMethod !== 'cod') actions.push(allow('refund'));
    else if (order.codCollected) actions.push(allow('record_cod_refund'));
  }
  return actions;
}

/** What `viewer` may do to the order now, with why-nots where the reason helps. */
export function nextActions(order: OrderFacts, viewer: OrderViewer): OrderActionView[] {
  return viewer === 'owner' ? ownerActions(order) : shopperActions(order);
}

export type Refusal = { code: string; message: string };

/**
 * Whether the actions offer `action`: the offer, or the refusal to answer with: the action's own
 * why, else `fallback`, else the move the order's state does not allow.
 */
export function offerOf(
  actions: readonly OrderActionView[],
  action: OrderAction,
  status: OrderStatus,
  fallback?: Refusal,
): { allowed: true } | ({ allowed: false } & Refusal) {
  const found = actions.find((a) => a.action === action);
  if (found?.allowed) return { allowed: true };
  if (found?.why && found.code) return { allowed: false, code: found.code, message: found.why };
  if (fallback) return { allowed: false, ...fallback };
  const to = ACTION_MOVES_TO[action];
  return {
    allowed: false,
    code: 'ORDER_MOVE_NOT_ALLOWED',
    message: to
      ? `An order that is ${status} cannot become ${to}.`
      : `This cannot be done to an order that is ${status}.`,
  };
}

// ---------------------------------------------------------------------------------------------
// Returns

/** A return's road: requested -> approved -> received -> refunded, or rejected before receipt. */
export const RETURN_MOVES: Moves<ReturnStatus> = {
  requested: ['approved', 'rejected'],
  approved: ['received', 'refunded', 'rejected'],
  received: ['refunded'],
  refunded: [],
  rejected: [],
};

/** The owner's actions on a return (POST /admin/returns/{id}). */
export const RETURN_ACTIONS = ['approve', 'reject', 'receive', 'refund'] as const;
export type ReturnAction = (typeof RETURN_ACTIONS)[number];

/** What each of the owner's actions on a return moves it to. */
export const RETURN_ACTION_MOVES_TO = {
  approve: 'approved',
  reject: 'rejected',
  receive: 'received',
  refund: 'refunded',
} as const satisfies Record<ReturnAction, ReturnStatus>;

/** A return waits for the owner until it is refunded or rejected (received, the money is owed). */
export const OPEN_RETURNS: readonly ReturnStatus[] = ['requested', 'approved', 'received'];

/** The owner's actions a return in `status` offers. */
export function returnActions(status: ReturnStatus): ReturnAction[] {
  return RETURN_ACTIONS.filter((action) =>
    canMove(RETURN_MOVES, status, RETURN_ACTION_MOVES_TO[action]),
  );
}
