import { describe, expect, it } from 'vitest';
import { PRE_ORDER } from './constants';
import { deliveryEstimate } from './delivery';
import { priceCart } from './pricing';
import {
  FREE_SHIPPING_TEXT,
  freeShippingText,
  SHIPPING_FEE_PAISE,
  SHIPPING_POLICY,
} from './shipping';
import {
  COD_DEFAULTS,
  DEFAULT_SHOP_SETTINGS,
  dispatchDayPassed,
  dispatchFromOf,
  dispatchNotes,
  preOrderNotice,
  preOrdersOpen,
  shippingPolicyOf,
} from './shop-settings';

describe('DEFAULT_SHOP_SETTINGS', () => {
  it('take no pre-orders and name no month; ₹49 cash on delivery up to ₹3,000, free from ₹149', () => {
    expect(DEFAULT_SHOP_SETTINGS).toEqual({
      preOrder: {
        on: false,
        dispatchFrom: '2026-08-08',
        text: 'Your order is made for you and leaves us on our first dispatch day.',
      },
      codFeePaise: 4900,
      codMaxGoodsPaise: 300000,
      freeShippingThresholdPaise: 14900,
    });
    expect(DEFAULT_SHOP_SETTINGS.preOrder.text).toBe(PRE_ORDER.dispatchNote);
    expect(COD_DEFAULTS.feePaise).toBe(DEFAULT_SHOP_SETTINGS.codFeePaise);
  });
});

describe('shippingPolicyOf', () => {
  it('keeps the flat fee and takes the owner’s threshold', () => {
    expect(shippingPolicyOf()).toEqual(SHIPPING_POLICY);
    expect(shippingPolicyOf({ freeShippingThresholdPaise: 99900 })).toEqual({
      feePaise: SHIPPING_FEE_PAISE,
      freeThresholdPaise: 99900,
    });
  });

  it('prices a cart below a raised threshold with the fee, to the paisa', () => {
    const items = [{ productId: 'Bodybutter', quantity: 1 }];
    const plain = priceCart(items, { deliveryState: 'Maharashtra' });
    expect(plain.shipping).toBe(0);
    const raised = priceCart(items, {
      deliveryState: 'Maharashtra',
      shippingPolicy: shippingPolicyOf({ freeShippingThresholdPaise: plain.itemsTotal + 1 }),
    });
    expect(raised.shipping).toBe(SHIPPING_FEE_PAISE);
    expect(raised.grandTotal).toBe(plain.grandTotal + SHIPPING_FEE_PAISE);
  });
});

describe('freeShippingText', () => {
  it('states the threshold it is given, and the default one without', () => {
    expect(freeShippingText(99900)).toBe('Free shipping on orders of ₹999 and above');
    expect(freeShippingText()).toBe(FREE_SHIPPING_TEXT);
  });
});

describe('pre-orders: open, dispatch day, notice and notes', () => {
  const latur = { state: 'Maharashtra', district: 'Latur' } as const;
  const preOrder = { on: true, dispatchFrom: '2026-12-14', text: 'From mid-December.' };

  it('are open while switched on and until their first dispatch day, that day included', () => {
    expect(preOrdersOpen(preOrder, '2026-11-28')).toBe(true);
    expect(preOrdersOpen(preOrder, '2026-12-14')).toBe(true);
    expect(preOrdersOpen(preOrder, '2026-12-15')).toBe(false);
    expect(preOrdersOpen({ ...preOrder, on: false }, '2026-11-28')).toBe(false);
    expect(dispatchDayPassed(preOrder, '2026-12-15')).toBe(true);
    expect(dispatchDayPassed(preOrder, '2026-12-14')).toBe(false);
    expect(dispatchDayPassed({ ...preOrder, on: false }, '2026-12-15')).toBe(false);
  });

  it('dispatches from the pre-order day while pre-orders are open, from today otherwise', () => {
    expect(dispatchFromOf(preOrder, '2026-11-28')).toBe('2026-12-14');
    expect(dispatchFromOf({ ...preOrder, on: false }, '2026-11-28')).toBe('2026-11-28');
    expect(dispatchFromOf(preOrder, '2026-12-20')).toBe('2026-12-20');
    const on = deliveryEstimate({
      today: '2026-11-28',
      destination: latur,
      dispatchFrom: dispatchFromOf(preOrder, '2026-11-28'),
    });
    expect(on.from > '2026-12-14').toBe(true);
  });

  it('names the first dispatch day beside the owner’s text, a full stop between', () => {
    expect(preOrderNotice(preOrder)).toBe('From mid-December. First dispatch: Mon, 14 Dec.');
    expect(preOrderNotice({ ...preOrder, text: 'Made to order' })).toBe(
      'Made to order. First dispatch: Mon, 14 Dec.',
    );
  });

  it('tells the pre-order notice only while pre-orders are open', () => {
    expect(dispatchNotes(preOrder, '2026-11-28')).toEqual([
      'From mid-December. First dispatch: Mon, 14 Dec.',
      PRE_ORDER.shippingConfirmationNote,
    ]);
    expect(dispatchNotes({ ...preOrder, on: false }, '2026-11-28')).toEqual([
      PRE_ORDER.shippingConfirmationNote,
    ]);
    expect(dispatchNotes(preOrder, '2026-12-15')).toEqual([PRE_ORDER.shippingConfirmationNote]);
  });
});
