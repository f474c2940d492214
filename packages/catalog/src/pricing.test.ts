import { describe, expect, it } from 'vitest';
import { CartError } from './cart-error';
import { LIMITS } from './constants';
import { formatAmountForOrder, formatINR } from './money';
import {
  cartSummaryText,
  couponDiscountFor,
  MIN_ORDER_TOTAL_PAISE,
  priceCart,
  priceOrder,
  resolveCartLines,
} from './pricing';
import { catalogueOf, getProduct, PRODUCT_IDS, products } from './products';
import type { CartLineInput } from './pricing';

/** Expects `run` to throw a CartError with this code (and, when given, this product id). */
function expectCartError(run: () => unknown, code: string, productId?: string): void {
  expect(run).toThrow(CartError);
  expect(run).toThrow(expect.objectContaining(productId ? { code, productId } : { code }));
}

// 2 Body Butter + 1 Tan.Gone.Soap + 1 Festive Hamper, worked by hand:
//
//   line            qty  unit   amount   MRP amount  rate  amount x 100 / (100 + rate)      taxable  tax
//   Body Butter      2  34900   69800    159800      18    6980000 / 118 = 59152.54 -> 59153   59153  10647
//   Tan.Gone.Soap    1  17900   17900     44900       5    1790000 / 105 = 17047.62 -> 17048   17048    852
//   Festive Hamper   1  99900   99900    344400      18    9990000 / 118 = 84661.02 -> 84661   84661  15239
//                               ------   ------                                                ------ -----
//                               187600   549100                                                160862 26738
//
//   intra-state (Maharashtra): CGST = round(tax / 2), SGST = tax - CGST
//     Body Butter    10647 -> 5324 + 5323   (odd: CGST takes the extra paisa)
//     Tan.Gone.Soap    852 ->  426 +  426
//     Festive Hamper 15239 -> 7620 + 7619   (odd)
//     cart           CGST 5324 + 426 + 7620 = 13370, SGST 5323 + 426 + 7619 = 13368, IGST 0
//   inter-state (Delhi): IGST = tax: 10647, 852, 15239; cart IGST 26738, CGST 0, SGST 0
//
//   discount = 549100 - 187600 = 361500; shipping 0 (187600 >= 14900); grand total 187600 = ₹1,876.00
const MIXED_CART: CartLineInput[] = [
  { productId: 'Bodybutter', quantity: 2 },
  { productId: 'TanGoneSoap', quantity: 1 },
  { productId: 'FestiveHamper', quantity: 1 },
];

const ZERO_TAX = { taxableValue: 0, tax: 0, cgst: 0, sgst: 0, igst: 0 };

describe('priceCart: worked examples', () => {
  it('prices one Body Butter delivered in Maharashtra with equal CGST and SGST', () => {
    // 34900 x 100 / 118 = 29576.27 -> 29576; tax 34900 - 29576 = 5324; CGST 2662, SGST 2662
    const cart = priceCart([{ productId: 'Bodybutter', quantity: 1 }], {
      deliveryState: 'Maharashtra',
    });
    expect(cart.lines).toEqual([
      {
        productId: 'Bodybutter',
        name: 'Body Butter',
        hsn: '3304',
        gstRate: 18,
        quantity: 1,
        unitPrice: 34900,
        unitMrp: 79900,
        amount: 34900,
        mrpAmount: 79900,
        couponShare: 0,
        taxableValue: 29576,
        tax: 5324,
        cgst: 2662,
        sgst: 2662,
        igst: 0,
      },
    ]);
    expect(cart).toMatchObject({
      itemsTotal: 34900,
      mrpTotal: 79900,
      discount: 45000,
      shipping: 0,
      grandTotal: 34900,
      taxableValue: 29576,
      taxTotal: 5324,
      cgst: 2662,
      sgst: 2662,
      igst: 0,
      supply: 'intra-state',
      shippingTax: { amount: 0, rate: 18, ...ZERO_TAX },
    });
  });

  it('prices one Tan.Gone.Soap delivered in Karnataka at 5% IGST', () => {
    // 17900 x 100 / 105 = 17047.619 -> 17048; tax 852, all IGST
    const cart = priceCart([{ productId: 'TanGoneSoap', quantity: 1 }], {
      deliveryState: 'Karnataka',
    });
    expect(cart.lines[0]).toMatchObject({
      hsn: '3401',
      gstRate: 5,
      amount: 17900,
      taxableValue: 17048,
      tax: 852,
      cgst: 0,
      sgst: 0,
      igst: 852,
    });
    expect(cart).toMatchObject({
      itemsTotal: 17900,
      grandTotal: 17900,
      taxableValue: 17048,
      taxTotal: 852,
      cgst: 0,
      sgst: 0,
      igst: 852,
      supply: 'inter-state',
    });
  });

  it('prices the mixed cart delivered in Maharashtra, every figure as worked by hand', () => {
    const cart = priceCart(MIXED_CART, { deliveryState: 'Maharashtra' });
    expect(
      cart.lines.map((l) => [
        l.productId,
        l.amount,
        l.mrpAmount,
        l.taxableValue,
        l.tax,
        l.cgst,
        l.sgst,
        l.igst,
      ]),
    ).toEqual([
      ['Bodybutter', 69800, 159800, 59153, 10647, 5324, 5323, 0],
      ['TanGoneSoap', 17900, 44900, 17048, 852, 426, 426, 0],
      ['FestiveHamper', 99900, 344400, 84661, 15239, 7620, 7619, 0],
    ]);
    expect(cart).toMatchObject({
      itemsTotal: 187600,
      mrpTotal: 549100,
      discount: 361500,
      shipping: 0,
      grandTotal: 187600,
      taxableValue: 160862,
      taxTotal: 26738,
      cgst: 13370,
      sgst: 13368,
      igst: 0,
      supply: 'intra-state',
    });
    expect(formatINR(cart.grandTotal)).toBe('₹1,876.00');
    expect(formatAmountForOrder(cart.grandTotal)).toBe('1876.00');
  });

  it('prices the mixed cart delivered in Delhi with IGST only, every figure as worked by hand', () => {
    const cart = priceCart(MIXED_CART, { deliveryState: 'Delhi' });
    expect(
      cart.lines.map((l) => [l.productId, l.taxableValue, l.tax, l.cgst, l.sgst, l.igst]),
    ).toEqual([
      ['Bodybutter', 59153, 10647, 0, 0, 10647],
      ['TanGoneSoap', 17048, 852, 0, 0, 852],
      ['FestiveHamper', 84661, 15239, 0, 0, 15239],
    ]);
    expect(cart).toMatchObject({
      itemsTotal: 187600,
      mrpTotal: 549100,
      discount: 361500,
      shipping: 0,
      grandTotal: 187600,
      taxableValue: 160862,
      taxTotal: 26738,
      cgst: 0,
      sgst: 0,
      igst: 26738,
      supply: 'inter-state',
    });
  });

  it('shows the CGST/SGST split on the cart page, before the address is known', () => {
    const unknown = priceCart(MIXED_CART);
    expect(unknown).toEqual(priceCart(MIXED_CART, { deliveryState: 'Maharashtra' }));
    expect(priceCart(MIXED_CART, { deliveryState: '' })).toEqual(unknown);
  });

  it('gives the odd paisa of an odd tax to CGST', () => {
    // 1 Festive Hamper: taxable 84661, tax 15239; CGST round(7619.5) = 7620, SGST 7619
    const cart = priceCart([{ productId: 'FestiveHamper', quantity: 1 }]);
    expect(cart).toMatchObject({ taxTotal: 15239, cgst: 7620, sgst: 7619, igst: 0 });
  });

  it('prices the Tan-Free Trio, three soap bars, at the soap rate of 5%', () => {
    // 39900 x 100 / 105 = 38000 exactly; tax 1900; CGST 950, SGST 950
    const cart = priceCart([{ productId: 'TanFreeTrio', quantity: 1 }]);
    expect(cart.lines[0]).toMatchObject({
      hsn: '3401',
      gstRate: 5,
      taxableValue: 38000,
      tax: 1900,
    });
    expect(cart).toMatchObject({ cgst: 950, sgst: 950 });
  });
});

describe('priceCart: merging and the empty cart', () => {
  it('merges lines of the same product into one, in order of first appearance', () => {
    const cart = priceCart([
      { productId: 'TanGoneSoap', quantity: 1 },
      { productId: 'Bodybutter', quantity: 1 },
      { productId: 'TanGoneSoap', quantity: 2 },
    ]);
    expect(cart.lines.map((l) => [l.productId, l.quantity, l.amount])).toEqual([
      ['TanGoneSoap', 3, 53700],
      ['Bodybutter', 1, 34900],
    ]);
    expect(cart).toEqual(
      priceCart([
        { productId: 'TanGoneSoap', quantity: 3 },
        { productId: 'Bodybutter', quantity: 1 },
      ]),
    );
  });

  it('prices an empty cart to zeros, as the cart page shows it', () => {
    expect(priceCart([])).toEqual({
      itemsTotal: 0,
      mrpTotal: 0,
      discount: 0,
      couponDiscount: 0,
      shipping: 0,
      codFee: 0,
      grandTotal: 0,
      taxableValue: 0,
      cgst: 0,
      sgst: 0,
      igst: 0,
      taxTotal: 0,
      lines: [],
      shippingTax: { amount: 0, rate: 0, ...ZERO_TAX },
      codFeeTax: { amount: 0, rate: 0, ...ZERO_TAX },
      supply: 'intra-state',
    });
  });

  it('refuses to price an empty order', () => {
    expectCartError(() => priceOrder([]), 'EMPTY_CART');
    expect(priceOrder(MIXED_CART)).toEqual(priceCart(MIXED_CART));
  });
});

describe('priceCart: shipping', () => {
  it('ships every order free at today’s prices', () => {
    expect(priceCart([{ productId: 'TanGoneSoap', quantity: 1 }]).shipping).toBe(0);
  });

  it('taxes a charged shipping fee at the highest rate in the cart and adds it to the totals', () => {
    // A hypothetical policy with a ₹999 threshold makes one Body Butter (₹349) pay ₹49 shipping.
    // Shipping 4900 at 18%: 490000 / 118 = 4152.54 -> 4153; tax 747; CGST round(373.5) = 374, SGST 373.
    // Totals: taxable 29576 + 4153 = 33729; tax 5324 + 747 = 6071; CGST 2662 + 374 = 3036;
    // SGST 2662 + 373 = 3035; grand total 34900 + 4900 = 39800 (= 33729 + 6071).
    const policy = { feePaise: 4900, freeThresholdPaise: 99900 };
    const cart = priceCart([{ productId: 'Bodybutter', quantity: 1 }], { shippingPolicy: policy });
    expect(cart.shippingTax).toEqual({
      amount: 4900,
      rate: 18,
      taxableValue: 4153,
      tax: 747,
      cgst: 374,
      sgst: 373,
      igst: 0,
    });
    expect(cart).toMatchObject({
      itemsTotal: 34900,
      shipping: 4900,
      grandTotal: 39800,
      taxableValue: 33729,
      taxTotal: 6071,
      cgst: 3036,
      sgst: 3035,
      igst: 0,
    });
  });

  it('taxes shipping for a soap-only cart at 5%, as IGST across state lines', () => {
    // Shipping 4900 at 5%: 490000 / 105 = 4666.67 -> 4667; tax 233, all IGST.
    // Totals: taxable 17048 + 4667 = 21715; IGST 852 + 233 = 1085; grand total 22800.
    const policy = { feePaise: 4900, freeThresholdPaise: 99900 };
    const cart = priceCart([{ productId: 'TanGoneSoap', quantity: 1 }], {
      deliveryState: 'Kerala',
      shippingPolicy: policy,
    });
    expect(cart.shippingTax).toEqual({
      amount: 4900,
      rate: 5,
      taxableValue: 4667,
      tax: 233,
      cgst: 0,
      sgst: 0,
      igst: 233,
    });
    expect(cart).toMatchObject({
      grandTotal: 22800,
      taxableValue: 21715,
      taxTotal: 1085,
      igst: 1085,
    });
  });

  it('uses the highest line rate for shipping when soap and skin care are mixed', () => {
    const policy = { feePaise: 4900, freeThresholdPaise: 999900 };
    const cart = priceCart(
      [
        { productId: 'TanGoneSoap', quantity: 1 },
        { productId: 'ExfoliatingScrub', quantity: 1 },
      ],
      { shippingPolicy: policy },
    );
    expect(cart.shippingTax.rate).toBe(18);
  });
});

describe('priceCart: refusals', () => {
  it('refuses an unknown product, naming it', () => {
    expectCartError(
      () => priceCart([{ productId: 'rose-scrub', quantity: 1 }]),
      'UNKNOWN_PRODUCT',
      'rose-scrub',
    );
    expectCartError(
      () =>
        priceCart([
          { productId: 'Bodybutter', quantity: 1 },
          { productId: '__proto__', quantity: 1 },
        ]),
      'UNKNOWN_PRODUCT',
      '__proto__',
    );
  });

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])(
    'refuses a quantity of %s',
    (quantity) => {
      expectCartError(
        () => priceCart([{ productId: 'TanGoneSoap', quantity }]),
        'INVALID_QUANTITY',
        'TanGoneSoap',
      );
    },
  );

  it(`accepts ${LIMITS.maxLineQuantity} units of a product and refuses ${LIMITS.maxLineQuantity + 1}`, () => {
    expect(priceCart([{ productId: 'Hamper', quantity: 20 }]).itemsTotal).toBe(20 * 59900);
    expectCartError(
      () => priceCart([{ productId: 'Hamper', quantity: 21 }]),
      'QUANTITY_LIMIT',
      'Hamper',
    );
  });

  it('applies the limit to the merged quantity of repeated lines', () => {
    expectCartError(
      () =>
        priceCart([
          { productId: 'ScrubClub', quantity: 15 },
          { productId: 'Bodybutter', quantity: 1 },
          { productId: 'ScrubClub', quantity: 6 },
        ]),
      'QUANTITY_LIMIT',
      'ScrubClub',
    );
  });

  it('refuses a delivery state that is not on the list, even for an empty cart', () => {
    expectCartError(() => priceCart(MIXED_CART, { deliveryState: 'Atlantis' }), 'UNKNOWN_STATE');
    expectCartError(() => priceCart([], { deliveryState: 'Bombay' }), 'UNKNOWN_STATE');
  });

  it('says what failed and for which input', () => {
    expect(() => priceCart([{ productId: 'Hamper', quantity: 21 }])).toThrow(
      'At most 20 units of Hamper per order, got 21',
    );
    expect(() => priceCart([{ productId: 'TanGoneSoap', quantity: 0 }])).toThrow(
      'Quantity of Tan.Gone.Soap must be a whole number of at least 1, got 0',
    );
  });
});

describe('resolveCartLines', () => {
  it('hands back the products and merged quantities an order is made of', () => {
    const resolved = resolveCartLines([
      { productId: 'Hamper', quantity: 1 },
      { productId: 'Hamper', quantity: 1 },
    ]);
    expect(resolved.map((l) => [l.product.name, l.quantity])).toEqual([['Hamper', 2]]);
  });
});

describe('cartSummaryText', () => {
  it("joins 'product name xquantity' with commas, as the order payload's cart_summary", () => {
    expect(
      cartSummaryText([
        { productId: 'Bodybutter', quantity: 2 },
        { productId: 'TanGoneSoap', quantity: 1 },
      ]),
    ).toBe('Body Butter x2, Tan.Gone.Soap x1');
    expect(cartSummaryText(MIXED_CART)).toBe('Body Butter x2, Tan.Gone.Soap x1, Festive Hamper x1');
  });

  it('merges repeated products and is empty for an empty cart', () => {
    expect(
      cartSummaryText([
        { productId: 'Luxehamper', quantity: 1 },
        { productId: 'Luxehamper', quantity: 2 },
      ]),
    ).toBe('Luxe Hamper x3');
    expect(cartSummaryText([])).toBe('');
  });

  it('refuses the same bad lines as priceCart', () => {
    expectCartError(
      () => cartSummaryText([{ productId: 'nope', quantity: 1 }]),
      'UNKNOWN_PRODUCT',
      'nope',
    );
  });
});

describe('priceCart with a 10% coupon and the cash-on-delivery fee', () => {
  it('takes 10% off the goods before tax and charges the fee as a taxed line', () => {
    // Body butter (18%) and a soap (5%): the coupon is spread in proportion, the fee taxed at 18%.
    const lines = [
      { productId: PRODUCT_IDS[0], quantity: 1 },
      { productId: PRODUCT_IDS[2], quantity: 1 },
    ];
    const plain = priceCart(lines, { deliveryState: 'Maharashtra' });
    const off = couponDiscountFor({ kind: 'percent', value: 10 }, plain.itemsTotal);
    const cart = priceCart(lines, {
      deliveryState: 'Maharashtra',
      couponDiscount: off,
      codFee: 4900,
    });
    expect(off).toBe(Math.round(plain.itemsTotal / 10));
    expect(cart.lines.map((l) => l.couponShare).reduce((a, b) => a + b)).toBe(off);
    expect(cart.taxableValue).toBeLessThan(plain.taxableValue + cart.codFeeTax.taxableValue);
    expect(cart.codFeeTax).toMatchObject({ amount: 4900, rate: 18, taxableValue: 4153, tax: 747 });
    expect(cart.grandTotal).toBe(plain.itemsTotal - off + 4900);
  });

  it('charges shipping by one rule at every discount: a coupon covering the goods pays it as a 90% one does', () => {
    const soap = [{ productId: 'TanGoneSoap', quantity: 1 }];
    const goods = priceCart(soap).itemsTotal;
    const ninety = priceCart(soap, {
      couponDiscount: couponDiscountFor({ kind: 'percent', value: 90 }, goods),
    });
    const all = priceCart(soap, {
      couponDiscount: couponDiscountFor({ kind: 'flat', value: goods * 3 }, goods),
    });
    expect(ninety.shipping).toBe(4900);
    expect(all).toMatchObject({ couponDiscount: goods, shipping: 4900, grandTotal: 4900 });
    expect(all.grandTotal).toBeGreaterThanOrEqual(MIN_ORDER_TOTAL_PAISE);
    // An empty cart is no parcel: nothing to ship.
    expect(priceCart([]).shipping).toBe(0);
  });

  it('refuses a discount larger than the goods', () => {
    expect(() =>
      priceCart([{ productId: PRODUCT_IDS[0], quantity: 1 }], { couponDiscount: 10 ** 9 }),
    ).toThrow(RangeError);
  });
});

describe('pricing from a catalogue of the moment', () => {
  it('prices, names and refuses by the catalogue it is given, not the starter one', () => {
    const butter = getProduct('Bodybutter')!;
    const onSale = catalogueOf([{ ...butter, name: 'Body Butter (Diwali)', price: 29900 }]);
    const priced = priceCart([{ productId: 'Bodybutter', quantity: 2 }], { catalogue: onSale });
    expect(priced.itemsTotal).toBe(59800);
    expect(priced.lines[0]).toMatchObject({ name: 'Body Butter (Diwali)', unitPrice: 29900 });
    expect(() =>
      priceCart([{ productId: 'TanGoneSoap', quantity: 1 }], { catalogue: onSale }),
    ).toThrow(CartError);
    expect(priceCart([{ productId: 'TanGoneSoap', quantity: 1 }]).itemsTotal).toBe(
      products.find((p) => p.id === 'TanGoneSoap')!.price,
    );
  });
});
