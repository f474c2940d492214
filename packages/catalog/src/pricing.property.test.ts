import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { brand } from './brand';
import { LIMITS } from './constants';
import { couponDiscountFor, priceCart, spreadInProportion } from './pricing';
import type { CartLineInput, PricedCart } from './pricing';
import { getProduct, PRODUCT_IDS } from './products';
import { shippingFor } from './shipping';
import { INDIAN_STATES } from './states';

/** A random subset of the catalogue, each product with 1..20 units, in random order. */
const cartArb: fc.Arbitrary<CartLineInput[]> = fc.shuffledSubarray([...PRODUCT_IDS]).chain((ids) =>
  fc.tuple(
    ...ids.map((productId) =>
      fc.record({
        productId: fc.constant<string>(productId),
        quantity: fc.integer({ min: 1, max: LIMITS.maxLineQuantity }),
      }),
    ),
  ),
);

const deliveryStateArb = fc.option(fc.constantFrom<string>('', ...INDIAN_STATES), {
  nil: undefined,
});

/** Sometimes today's rule, sometimes one that charges shipping, so the shipping line gets tested. */
const shippingPolicyArb = fc.option(
  fc.record({
    feePaise: fc.integer({ min: 0, max: 20000 }),
    freeThresholdPaise: fc.integer({ min: 0, max: 10_000_000 }),
  }),
  { nil: undefined },
);

const TAX_FIELDS = ['taxableValue', 'tax', 'cgst', 'sgst', 'igst'] as const;

function checkAddsUp(cart: PricedCart): void {
  const sum = (pick: (l: PricedCart['lines'][number]) => number) =>
    cart.lines.reduce((total, line) => total + pick(line), 0);
  expect(cart.itemsTotal).toBe(sum((l) => l.amount));
  expect(cart.mrpTotal).toBe(sum((l) => l.mrpAmount));
  const fees = [cart.shippingTax, cart.codFeeTax];
  const feeSum = (pick: (l: PricedCart['shippingTax']) => number) =>
    fees.reduce((total, fee) => total + pick(fee), 0);
  expect(cart.taxableValue).toBe(sum((l) => l.taxableValue) + feeSum((f) => f.taxableValue));
  expect(cart.taxTotal).toBe(sum((l) => l.tax) + feeSum((f) => f.tax));
  expect(cart.cgst).toBe(sum((l) => l.cgst) + feeSum((f) => f.cgst));
  expect(cart.sgst).toBe(sum((l) => l.sgst) + feeSum((f) => f.sgst));
  expect(cart.igst).toBe(sum((l) => l.igst) + feeSum((f) => f.igst));
  expect(cart.shippingTax.amount).toBe(cart.shipping);
  expect(cart.codFeeTax.amount).toBe(cart.codFee);
  expect(cart.couponDiscount).toBe(sum((l) => l.couponShare));
  expect(cart.grandTotal).toBe(cart.itemsTotal - cart.couponDiscount + cart.shipping + cart.codFee);
  expect(cart.grandTotal).toBe(cart.taxableValue + cart.taxTotal);
  expect(cart.cgst + cart.sgst + cart.igst).toBe(cart.taxTotal);
  expect(cart.discount).toBe(cart.mrpTotal - cart.itemsTotal);
  expect(cart.discount).toBeGreaterThanOrEqual(0);
}

describe('priceCart over arbitrary carts', () => {
  it('keeps every line and the shipping line internally consistent', () => {
    fc.assert(
      fc.property(
        cartArb,
        deliveryStateArb,
        shippingPolicyArb,
        (lines, deliveryState, shippingPolicy) => {
          const cart = priceCart(lines, { deliveryState, shippingPolicy });
          const interState =
            deliveryState !== undefined &&
            deliveryState !== '' &&
            deliveryState !== brand.sellerState;
          expect(cart.supply).toBe(interState ? 'inter-state' : 'intra-state');
          for (const line of [...cart.lines, cart.shippingTax]) {
            expect(line.taxableValue + line.tax).toBe(line.amount);
            expect(line.cgst + line.sgst + line.igst).toBe(line.tax);
            expect(line.tax).toBeGreaterThanOrEqual(0);
            if (interState) {
              expect(line.cgst).toBe(0);
              expect(line.sgst).toBe(0);
            } else {
              expect(line.igst).toBe(0);
              expect(Math.abs(line.cgst - line.sgst)).toBeLessThanOrEqual(1);
              expect(line.cgst).toBeGreaterThanOrEqual(line.sgst);
            }
          }
        },
      ),
    );
  });

  it('prices every line from the catalogue', () => {
    fc.assert(
      fc.property(cartArb, deliveryStateArb, (lines, deliveryState) => {
        const cart = priceCart(lines, { deliveryState });
        expect(cart.lines.map((l) => [l.productId, l.quantity])).toEqual(
          lines.map((l) => [l.productId, l.quantity]),
        );
        for (const line of cart.lines) {
          const product = getProduct(line.productId);
          expect(line.unitPrice).toBe(product?.price);
          expect(line.unitMrp).toBe(product?.mrp);
          expect(line.gstRate).toBe(product?.gstRate);
          expect(line.hsn).toBe(product?.hsn);
          expect(line.amount).toBe(line.unitPrice * line.quantity);
          expect(line.mrpAmount).toBe(line.unitMrp * line.quantity);
        }
      }),
    );
  });

  it('makes the cart figures the sums of the line figures plus shipping, to the paisa', () => {
    fc.assert(
      fc.property(
        cartArb,
        deliveryStateArb,
        shippingPolicyArb,
        (lines, deliveryState, shippingPolicy) => {
          checkAddsUp(priceCart(lines, { deliveryState, shippingPolicy }));
        },
      ),
    );
  });

  it('charges shipping only on a non-empty cart below the threshold, taxed at its highest rate', () => {
    fc.assert(
      fc.property(cartArb, shippingPolicyArb, (lines, shippingPolicy) => {
        const cart = priceCart(lines, { shippingPolicy });
        const threshold = shippingPolicy?.freeThresholdPaise ?? 14900;
        const fee = shippingPolicy?.feePaise ?? 4900;
        const charged = lines.length > 0 && cart.itemsTotal < threshold;
        expect(cart.shipping).toBe(charged ? fee : 0);
        expect(cart.shippingTax.rate).toBe(Math.max(0, ...cart.lines.map((l) => l.gstRate)));
      }),
    );
  });

  it('ships every real cart free under today’s rule', () => {
    fc.assert(
      fc.property(cartArb, (lines) => {
        const cart = priceCart(lines);
        expect(cart.shipping).toBe(0);
        for (const field of TAX_FIELDS) expect(cart.shippingTax[field]).toBe(0);
      }),
    );
  });

  it('gives the same figures however the lines are split or ordered', () => {
    fc.assert(
      fc.property(
        cartArb,
        deliveryStateArb,
        fc.infiniteStream(fc.boolean()),
        (lines, deliveryState, splits) => {
          // Split some lines of two or more units into two lines, and append the second halves at the end.
          const firsts: CartLineInput[] = [];
          const seconds: CartLineInput[] = [];
          for (const line of lines) {
            if (line.quantity >= 2 && splits.next().value) {
              const first = Math.floor(line.quantity / 2);
              firsts.push({ productId: line.productId, quantity: first });
              seconds.push({ productId: line.productId, quantity: line.quantity - first });
            } else {
              firsts.push(line);
            }
          }
          const split = priceCart([...firsts, ...seconds], { deliveryState });
          expect(split).toEqual(priceCart(lines, { deliveryState }));
        },
      ),
    );
  });

  it('taxes the same cart identically in every state other than the seller’s', () => {
    fc.assert(
      fc.property(
        cartArb,
        fc.constantFrom(...INDIAN_STATES.filter((s) => s !== brand.sellerState)),
        (lines, state) => {
          const inter = priceCart(lines, { deliveryState: state });
          const intra = priceCart(lines, { deliveryState: brand.sellerState });
          expect(inter.igst).toBe(intra.cgst + intra.sgst);
          expect(inter.taxableValue).toBe(intra.taxableValue);
          expect(inter.grandTotal).toBe(intra.grandTotal);
        },
      ),
    );
  });
});

/** A coupon's rule: percent 1-90 with an optional cap, or flat paise. */
const couponArb = fc.oneof(
  fc.record({
    kind: fc.constant<'percent'>('percent'),
    value: fc.integer({ min: 1, max: 90 }),
    maxDiscount: fc.option(fc.integer({ min: 1, max: 500_000 }), { nil: undefined }),
  }),
  fc.record({ kind: fc.constant<'flat'>('flat'), value: fc.integer({ min: 1, max: 500_000 }) }),
);

describe('priceCart with a coupon and a cash-on-delivery fee', () => {
  it('spreads the coupon over the lines to the paisa and taxes what is left', () => {
    fc.assert(
      fc.property(
        cartArb.filter((lines) => lines.length > 0),
        couponArb,
        deliveryStateArb,
        fc.constantFrom(0, 4900, 2500),
        (lines, coupon, deliveryState, codFee) => {
          const before = priceCart(lines, { deliveryState });
          const couponDiscount = couponDiscountFor(coupon, before.itemsTotal);
          const cart = priceCart(lines, { deliveryState, couponDiscount, codFee });
          checkAddsUp(cart);
          expect(cart.couponDiscount).toBe(couponDiscount);
          expect(cart.codFee).toBe(codFee);
          for (const line of [...cart.lines]) {
            expect(line.couponShare).toBeGreaterThanOrEqual(0);
            expect(line.couponShare).toBeLessThanOrEqual(line.amount);
            expect(line.taxableValue + line.tax).toBe(line.amount - line.couponShare);
            // In proportion: each share is within a paisa of its exact part.
            const exact = (couponDiscount * line.amount) / cart.itemsTotal;
            expect(Math.abs(line.couponShare - exact)).toBeLessThan(1);
          }
          expect(cart.codFeeTax.rate).toBe(Math.max(...cart.lines.map((l) => l.gstRate)));
          expect(cart.codFeeTax.taxableValue + cart.codFeeTax.tax).toBe(codFee);
          // The coupon lowers the goods' taxable value; the fee adds exactly itself to the total,
          // and shipping is charged on what the goods cost after the coupon.
          const goodsTaxable = (c: PricedCart) => c.lines.reduce((t, l) => t + l.taxableValue, 0);
          expect(goodsTaxable(cart)).toBeLessThanOrEqual(goodsTaxable(before));
          expect(cart.shipping).toBe(shippingFor(before.itemsTotal - couponDiscount));
          expect(cart.grandTotal).toBe(before.itemsTotal - couponDiscount + cart.shipping + codFee);
        },
      ),
    );
  });

  it('takes a percent rounded to the paisa and capped, or a flat amount, never more than the goods', () => {
    fc.assert(
      fc.property(couponArb, fc.integer({ min: 0, max: 5_000_000 }), (coupon, goods) => {
        const discount = couponDiscountFor(coupon, goods);
        expect(Number.isSafeInteger(discount)).toBe(true);
        expect(discount).toBeGreaterThanOrEqual(0);
        expect(discount).toBeLessThanOrEqual(goods);
        if (coupon.kind === 'percent') {
          expect(Math.abs(discount * 100 - goods * coupon.value)).toBeLessThanOrEqual(
            coupon.maxDiscount !== undefined && discount === coupon.maxDiscount ? Infinity : 50,
          );
          if (coupon.maxDiscount !== undefined) {
            expect(discount).toBeLessThanOrEqual(coupon.maxDiscount);
          }
        } else {
          expect(discount).toBe(Math.min(coupon.value, goods));
        }
      }),
    );
  });

  it('spreads any total over any amounts exactly, no share above its amount', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 2_000_000 }), { minLength: 1, maxLength: 8 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (amounts, fraction) => {
          const whole = amounts.reduce((a, b) => a + b, 0);
          const total = Math.floor(whole * fraction);
          const shares = spreadInProportion(total, amounts);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(whole === 0 ? 0 : total);
          shares.forEach((share, i) => {
            expect(share).toBeGreaterThanOrEqual(0);
            expect(share).toBeLessThanOrEqual(amounts[i]!);
          });
        },
      ),
    );
  });
});
