import { describe, expect, it } from 'vitest';
import {
  ACTION_MOVES_TO,
  canMove,
  nextActions,
  offerOf,
  ORDER_MOVES,
  ORDER_REFUSALS,
  returnActions,
  SHOPPER_CANCELLABLE,
  TO_DISPATCH,
  TO_PACK,
  type OrderFacts,
  type OrderViewer,
} from './order-rules';
import { ORDER_STATUSES, RETURN_STATUSES } from './profile';

const BOOKING = { courier: 'Delhivery Surface', awb: '12345678901234' };
const offered = (order: OrderFacts, viewer: OrderViewer) =>
  nextActions(order, viewer)
    .filter((a) => a.allowed)
    .map((a) => a.action);

describe("the order's moves", () => {
  it('end in cancelled and refunded, and cancel only before the parcel leaves', () => {
    expect(ORDER_MOVES.cancelled).toEqual([]);
    expect(ORDER_MOVES.refunded).toEqual([]);
    for (const status of ['shipped', 'delivered', 'rto'] as const)
      expect(canMove(ORDER_MOVES, status, 'cancelled')).toBe(false);
  });

  it('derive the sets the screens and the API share', () => {
    expect(TO_PACK).toEqual(['paid', 'confirmed']);
    expect(TO_DISPATCH).toEqual(['paid', 'confirmed', 'packed']);
    expect(SHOPPER_CANCELLABLE).toEqual([
      'pending_payment',
      'payment_failed',
      'paid',
      'pending_confirmation',
      'confirmed',
    ]);
  });
});

describe('nextActions', () => {
  it('never offers an action whose move the table refuses, for any order and viewer', () => {
    for (const status of ORDER_STATUSES)
      for (const paymentMethod of ['upi', 'cod'] as const)
        for (const booking of [null, BOOKING])
          for (const viewer of ['shopper', 'owner'] as const)
            for (const action of offered(
              { status, paymentMethod, codCollected: true, booking },
              viewer,
            )) {
              const to = ACTION_MOVES_TO[action];
              if (to)
                expect([status, action, canMove(ORDER_MOVES, status, to)]).toEqual([
                  status,
                  action,
                  true,
                ]);
            }
  });

  it('lets the shopper cancel until the order is packed, then says why not', () => {
    expect(offered({ status: 'paid', paymentMethod: 'card' }, 'shopper')).toEqual(['cancel']);
    expect(offered({ status: 'pending_confirmation', paymentMethod: 'cod' }, 'shopper')).toEqual([
      'confirm_cod',
      'cancel',
    ]);
    expect(nextActions({ status: 'packed', paymentMethod: 'upi' }, 'shopper')).toEqual([
      {
        action: 'cancel',
        allowed: false,
        why: ORDER_REFUSALS.notCancellable.message,
        code: 'ORDER_NOT_CANCELLABLE',
      },
    ]);
    expect(nextActions({ status: 'delivered', paymentMethod: 'upi' }, 'shopper')).toEqual([]);
  });

  it('gives the owner pack, then booking or shipping by hand, then delivery or refusal at the door', () => {
    expect(offered({ status: 'paid', paymentMethod: 'upi' }, 'owner')).toEqual(['pack', 'cancel']);
    expect(offered({ status: 'packed', paymentMethod: 'upi' }, 'owner')).toEqual([
      'book_shipment',
      'ship_by_hand',
      'cancel',
    ]);
    expect(offered({ status: 'shipped', paymentMethod: 'upi' }, 'owner')).toEqual([
      'mark_delivered',
      'mark_rto',
      'refund',
    ]);
    expect(offered({ status: 'cancelled', paymentMethod: 'upi' }, 'owner')).toEqual([]);
  });

  it('turns a booked parcel into cancelling its pickup first, and no shipping by hand', () => {
    const actions = nextActions(
      { status: 'packed', paymentMethod: 'upi', booking: BOOKING },
      'owner',
    );
    expect(actions).toEqual([
      { action: 'cancel_pickup', allowed: true },
      {
        action: 'ship_by_hand',
        allowed: false,
        why: ORDER_REFUSALS.booked.message,
        code: 'SHIPMENT_BOOKED',
      },
      {
        action: 'cancel',
        allowed: false,
        why: ORDER_REFUSALS.pickupFirst.message,
        code: 'SHIPMENT_BOOKED',
      },
    ]);
    expect(offerOf(actions, 'cancel', 'packed')).toEqual({
      allowed: false,
      code: 'SHIPMENT_BOOKED',
      message: ORDER_REFUSALS.pickupFirst.message,
    });
  });

  it('refunds cash paid at the door only as a recorded transfer, and nothing before it was paid', () => {
    expect(offered({ status: 'shipped', paymentMethod: 'cod' }, 'owner')).toEqual([
      'mark_delivered',
      'mark_rto',
    ]);
    expect(offered({ status: 'rto', paymentMethod: 'cod' }, 'owner')).toEqual([]);
    expect(
      offered({ status: 'delivered', paymentMethod: 'cod', codCollected: true }, 'owner'),
    ).toEqual(['record_cod_refund']);
    expect(offered({ status: 'delivered', paymentMethod: 'card' }, 'owner')).toEqual(['refund']);
  });

  it('refuses what is not offered with the move the state does not allow', () => {
    const actions = nextActions({ status: 'paid', paymentMethod: 'upi' }, 'owner');
    expect(offerOf(actions, 'pack', 'paid')).toEqual({ allowed: true });
    expect(offerOf(actions, 'mark_delivered', 'paid')).toEqual({
      allowed: false,
      code: 'ORDER_MOVE_NOT_ALLOWED',
      message: 'An order that is paid cannot become delivered.',
    });
  });
});

describe("a return's actions", () => {
  it('follow its moves: approve or reject, receive, refund; nothing once closed', () => {
    expect(Object.fromEntries(RETURN_STATUSES.map((s) => [s, returnActions(s)]))).toEqual({
      requested: ['approve', 'reject'],
      approved: ['reject', 'receive', 'refund'],
      received: ['refund'],
      refunded: [],
      rejected: [],
    });
  });
});
