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
  dispatchFromOf,
  dispatchNotes,
  shippingPolicyOf,
} from './shop-settings';

describe('DEFAULT_SHOP_SETTINGS', () => {
  it('are today’s values: the pre-order notice, ₹49 cash on delivery up to ₹3,000, free from ₹149', () => {
    expect(DEFAULT_SHOP_SETTINGS).toEqual({
      preOrder: {
        on: true,
        dispatchFrom: '2026-08-08',
        text: 'Dispatch starts after the first week of August.',
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

describe('dispatchFromOf and dispatchNotes', () => {
  const latur = { state: 'Maharashtra', district: 'Latur' } as const;
  it('dispatches from the pre-order day while pre-orders are on, from today when off', () => {
    const preOrder = { on: true, dispatchFrom: '2026-12-14', text: 'From mid-December.' };
    expect(dispatchFromOf(preOrder, '2026-11-28')).toBe('2026-12-14');
    expect(dispatchFromOf({ ...preOrder, on: false }, '2026-11-28')).toBe('2026-11-28');
    const on = deliveryEstimate({
      today: '2026-11-28',
      destination: latur,
      dispatchFrom: dispatchFromOf(preOrder, '2026-11-28'),
    });
    expect(on.from > '2026-12-14').toBe(true);
  });

  it('tells the pre-order text only while pre-orders are on', () => {
    const preOrder = { on: true, dispatchFrom: '2026-12-14', text: 'From mid-December.' };
    expect(dispatchNotes(preOrder)).toEqual([
      'From mid-December.',
      PRE_ORDER.shippingConfirmationNote,
    ]);
    expect(dispatchNotes({ ...preOrder, on: false })).toEqual([PRE_ORDER.shippingConfirmationNote]);
    expect(dispatchNotes()[0]).toBe(PRE_ORDER.dispatchNote);
  });
});
