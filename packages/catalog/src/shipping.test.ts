import { describe, expect, it } from 'vitest';
import { products } from './products';
import {
  FREE_SHIPPING_TEXT,
  FREE_SHIPPING_THRESHOLD_PAISE,
  SHIPPING_FEE_PAISE,
  SHIPPING_POLICY,
  shippingFor,
} from './shipping';

describe('shippingFor', () => {
  it('charges the ₹49 fee on a non-empty cart below ₹149', () => {
    expect(SHIPPING_FEE_PAISE).toBe(4900);
    expect(FREE_SHIPPING_THRESHOLD_PAISE).toBe(14900);
    expect(shippingFor(1)).toBe(4900);
    expect(shippingFor(10000)).toBe(4900);
    expect(shippingFor(14899)).toBe(4900);
  });

  it('ships free from ₹149 up', () => {
    expect(shippingFor(14900)).toBe(0);
    expect(shippingFor(14901)).toBe(0);
    expect(shippingFor(999900)).toBe(0);
  });

  it('charges the fee on goods a coupon brought to nothing, as on any goods below the threshold', () => {
    expect(shippingFor(0)).toBe(4900);
  });

  it('ships every real product free on its own, since the cheapest costs more than the threshold', () => {
    for (const p of products) expect(shippingFor(p.price), p.id).toBe(0);
    expect(Math.min(...products.map((p) => p.price))).toBeGreaterThanOrEqual(
      SHIPPING_POLICY.freeThresholdPaise,
    );
  });

  it('follows another policy when one is given', () => {
    const policy = { feePaise: 9900, freeThresholdPaise: 99900 };
    expect(shippingFor(34900, policy)).toBe(9900);
    expect(shippingFor(99900, policy)).toBe(0);
  });
});

describe('FREE_SHIPPING_TEXT', () => {
  it('states the threshold in whole rupees, from the constant', () => {
    expect(FREE_SHIPPING_TEXT).toBe('Free shipping on orders of ₹149 and above');
  });
});
