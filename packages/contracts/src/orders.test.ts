import { LIMITS, priceCart, products, rupeesToPaise } from '@vanya/catalog';
import { describe, expect, it } from 'vitest';
import { makeErrorBody } from './errors';
import { FIELD_MESSAGES, SHOP_MESSAGES } from './messages';
import {
  checkoutFormSchema,
  createOrderBodySchema,
  createOrderResponseSchema,
  orderItemSchema,
  MAX_TOTAL_AMOUNT_RUPEES,
  TOTAL_AMOUNT_TEXT_PATTERN,
  orderSchema,
  totalAmountField,
  totalMismatchBodySchema,
} from './orders';
import { issueMessages, issuePaths } from './test-helpers';

const form = {
  firstName: 'Asha',
  lastName: 'Rao',
  email: 'asha@example.com',
  phone: '9822045123',
  address: 'Plot 14, Ambajogai Road',
  city: 'Latur',
  state: 'Maharashtra',
  pinCode: '413512',
};

const orderData = {
  ...form,
  country: 'IN',
  paymentMethod: 'upi',
  gstNumber: '',
  cart_summary: 'Body Butter x2, Tan.Gone.Soap x1',
  total_amount: '877.00',
  items: [
    { productId: 'Bodybutter', quantity: 2 },
    { productId: 'TanGoneSoap', quantity: 1 },
  ],
};

const totals = {
  itemsTotal: 87700,
  mrpTotal: 204700,
  discount: 117000,
  couponDiscount: 0,
  shipping: 0,
  codFee: 0,
  grandTotal: 87700,
  taxableValue: 76183,
  cgst: 5759,
  sgst: 5758,
  igst: 0,
  taxTotal: 11517,
};

describe('the checkout form', () => {
  it('fills in country IN, payment method upi and updates by SMS', () => {
    expect(checkoutFormSchema.parse(form)).toEqual({
      ...form,
      country: 'IN',
      paymentMethod: 'upi',
      whatsapp: false,
    });
  });

  it('accepts card and cash on delivery as the payment method and refuses anything else', () => {
    expect(checkoutFormSchema.parse({ ...form, paymentMethod: 'card' }).paymentMethod).toBe('card');
    expect(checkoutFormSchema.parse({ ...form, paymentMethod: 'cod' }).paymentMethod).toBe('cod');
    expect(issueMessages(checkoutFormSchema, { ...form, paymentMethod: 'cheque' })).toEqual([
      SHOP_MESSAGES.paymentMethod,
    ]);
  });

  it('delivers only within India', () => {
    expect(issueMessages(checkoutFormSchema, { ...form, country: 'US' })).toEqual([
      SHOP_MESSAGES.country,
    ]);
  });

  it('words every missing field for the form', () => {
    const result = checkoutFormSchema.safeParse({});
    const byField = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(byField).toEqual({
      firstName: 'Enter your first name',
      lastName: 'Enter your last name',
      email: FIELD_MESSAGES.invalidEmail,
      phone: 'Enter a 10-digit mobile number',
      address: SHOP_MESSAGES.address,
      city: 'Enter your city',
      state: 'Choose a state from the list',
      pinCode: 'Enter a 6-digit PIN code',
    });
  });

  it('asks for a complete address of at least 5 characters', () => {
    expect(issueMessages(checkoutFormSchema, { ...form, address: 'Lat' })).toEqual([
      SHOP_MESSAGES.address,
    ]);
  });

  it('refuses a 9-digit phone, a 5-digit PIN and an unknown state', () => {
    expect(issuePaths(checkoutFormSchema, { ...form, phone: '982204512' })).toEqual(['phone']);
    expect(issuePaths(checkoutFormSchema, { ...form, pinCode: '41351' })).toEqual(['pinCode']);
    expect(issuePaths(checkoutFormSchema, { ...form, state: 'Bombay' })).toEqual(['state']);
  });

  it('takes the GST number as optional: absent, empty or a valid GSTIN', () => {
    expect(checkoutFormSchema.safeParse({ ...form, gstNumber: '' }).success).toBe(true);
    expect(checkoutFormSchema.parse({ ...form, gstNumber: '27aapfu0939f1zv' }).gstNumber).toBe(
      '27AAPFU0939F1ZV',
    );
    expect(issueMessages(checkoutFormSchema, { ...form, gstNumber: '27AAPFU0939F1ZA' })).toEqual([
      'Enter a valid GSTIN',
    ]);
  });

  it('ignores fields the form does not know, such as the agreement tick', () => {
    expect(checkoutFormSchema.parse({ ...form, agreement: true })).not.toHaveProperty('agreement');
  });
});

describe('the order body', () => {
  it('accepts the form fields with the cart summary, total and items', () => {
    expect(createOrderBodySchema.parse({ data: orderData }).data.items).toHaveLength(2);
  });

  it('fills in the defaults when country and payment method are left out', () => {
    const { country: _country, paymentMethod: _paymentMethod, ...rest } = orderData;
    const parsed = createOrderBodySchema.parse({ data: rest });
    expect(parsed.data.country).toBe('IN');
    expect(parsed.data.paymentMethod).toBe('upi');
  });

  it('refuses keys the body does not have, at both levels', () => {
    expect(createOrderBodySchema.safeParse({ data: { ...orderData, discount: 100 } }).success).toBe(
      false,
    );
    expect(createOrderBodySchema.safeParse({ data: orderData, total: 1 }).success).toBe(false);
  });

  it('refuses an empty cart and more than 20 lines', () => {
    expect(issueMessages(createOrderBodySchema, { data: { ...orderData, items: [] } })).toEqual([
      SHOP_MESSAGES.cartEmpty,
    ]);
    const many = Array.from({ length: 21 }, () => ({ productId: 'Hamper', quantity: 1 }));
    expect(issueMessages(createOrderBodySchema, { data: { ...orderData, items: many } })).toEqual([
      SHOP_MESSAGES.tooManyLines,
    ]);
  });

  it('refuses a cart summary longer than 2000 characters', () => {
    expect(
      issueMessages(createOrderBodySchema, {
        data: { ...orderData, cart_summary: 'x'.repeat(2001) },
      }),
    ).toEqual([SHOP_MESSAGES.cartSummaryTooLong]);
  });
});

describe('total_amount', () => {
  it.each(['1297.00', '0.00', '877.50', 1297, 1297.5, 1297.05, 0])('accepts %j', (value) => {
    expect(totalAmountField.safeParse(value).success).toBe(true);
  });

  it.each(['1297', '1297.0', '1297.000', '₹1297.00', '1,297.00', '-5.00', ' 1297.00', '1e3'])(
    'refuses the string %j',
    (value) => {
      expect(issueMessages(totalAmountField, value)).toEqual([SHOP_MESSAGES.totalAmount]);
    },
  );

  it.each([-1, 1297.001, Number.NaN, Number.POSITIVE_INFINITY, 1e21])(
    'refuses the number %j',
    (value) => {
      expect(totalAmountField.safeParse(value).success).toBe(false);
    },
  );

  it('refuses other types with its own message', () => {
    expect(issueMessages(totalAmountField, null)).toEqual([SHOP_MESSAGES.totalAmount]);
    expect(issueMessages(totalAmountField, { $gt: 0 })).toEqual([SHOP_MESSAGES.totalAmount]);
  });

  it.each(['1000000.00', 1000000, 999999.99])(
    'accepts %j, at the cap of ten lakh rupees',
    (value) => {
      expect(totalAmountField.safeParse(value).success).toBe(true);
    },
  );

  it.each([
    '1000000.01',
    1000000.01,
    '90071992547409.99',
    90071992547409.98,
    '99999999999999999999.00',
    Number.MAX_SAFE_INTEGER,
  ])('refuses %j as larger than any order, with that message alone', (value) => {
    expect(issueMessages(totalAmountField, value)).toEqual([SHOP_MESSAGES.totalAmountTooLarge]);
  });

  it('states in its document pattern exactly the texts it accepts', () => {
    const pattern = new RegExp(TOTAL_AMOUNT_TEXT_PATTERN);
    const texts = ['0.00', '1.05', '999999.99', '1000000.00', '0001000000.00', '00877.50'];
    const refused = ['1000000.01', '1000001.00', '9999999.99', '1297', '1297.0', '-5.00', '.50'];
    for (const text of [...texts, ...refused]) {
      expect(pattern.test(text), text).toBe(totalAmountField.safeParse(text).success);
    }
    expect(texts.every((t) => pattern.test(t))).toBe(true);
  });

  it('holds the largest cart the catalogue can price under the cap', () => {
    // Every product at the most units a line may have, delivered anywhere.
    const everything = products.map((p) => ({ productId: p.id, quantity: LIMITS.maxLineQuantity }));
    for (const deliveryState of ['Maharashtra', 'Karnataka']) {
      const { grandTotal } = priceCart(everything, { deliveryState });
      expect(grandTotal).toBeLessThanOrEqual(rupeesToPaise(MAX_TOTAL_AMOUNT_RUPEES));
    }
  });

  it('accepts only values that convert to paise exactly, so comparing one can never fail', () => {
    // Whole rupees around the cap and the limits of doubles, with every kind of paise part.
    const wholes = [0, 1, 9, 10, 877, 99_999, 999_999, 1_000_000, 1_000_001, 2 ** 31, 2 ** 53];
    const fractions = ['', '.0', '.5', '.05', '.00', '.10', '.99', '.999', '.1e2'];
    const candidates: unknown[] = [Number.MIN_VALUE, -0, 0.1 + 0.2, 1e-7, 5e-324, -1e-300];
    for (const whole of wholes) {
      for (const fraction of fractions) {
        candidates.push(`${whole}${fraction}`, Number(`${whole}${fraction}`));
      }
    }
    for (const value of candidates) {
      const parsed = totalAmountField.safeParse(value);
      if (!parsed.success) continue;
      const paise = rupeesToPaise(parsed.data);
      expect(Number.isSafeInteger(paise)).toBe(true);
      expect(paise).toBeGreaterThanOrEqual(0);
      expect(paise).toBeLessThanOrEqual(rupeesToPaise(MAX_TOTAL_AMOUNT_RUPEES));
    }
  });
});

describe('order items', () => {
  it('accepts a known product in a whole quantity from 1 to 20', () => {
    expect(orderItemSchema.parse({ productId: 'Luxehamper', quantity: 20 })).toEqual({
      productId: 'Luxehamper',
      quantity: 20,
    });
  });

  it.each([0, -1, 21, 1.5, '2'])('refuses the quantity %j', (quantity) => {
    expect(issueMessages(orderItemSchema, { productId: 'Hamper', quantity })).toEqual([
      SHOP_MESSAGES.quantity,
    ]);
  });

  it('refuses a product id of the wrong shape and a client-sent price', () => {
    expect(issueMessages(orderItemSchema, { productId: 'rose scrub!', quantity: 1 })).toEqual([
      FIELD_MESSAGES.productId,
    ]);
    expect(orderItemSchema.safeParse({ productId: 'Hamper', quantity: 1, price: 1 }).success).toBe(
      false,
    );
  });
});

describe('the order as the API answers it', () => {
  const order = {
    _id: '65f1a2b3c4d5e6f708192a3b',
    orderNumber: 'VNY-483920',
    status: 'pending_payment',
    createdAt: '2025-08-14T09:30:00.000Z',
    ...form,
    country: 'IN',
    paymentMethod: 'upi',
    gstNumber: '',
    deliveryState: 'Maharashtra',
    supply: 'intra-state',
    lines: [
      {
        productId: 'Bodybutter',
        name: 'Body Butter',
        hsn: '3304',
        gstRate: 18,
        quantity: 2,
        unitPrice: 34900,
        amount: 69800,
        couponShare: 0,
        taxableValue: 59153,
        cgst: 5324,
        sgst: 5323,
        igst: 0,
      },
    ],
    totals,
    events: [{ status: 'pending_payment', at: '2025-08-14T09:30:00.000Z', by: 'shopper' }],
    nextActions: [{ action: 'cancel', allowed: true }],
  };
  const payment = {
    keyId: 'rzp_test_local',
    providerOrderId: 'order_test_1',
    amount: 87700,
    currency: 'INR',
    name: 'Vanya Naturals',
    description: 'Order Payment',
    prefill: { name: 'Asha Rao', email: 'asha@example.com', contact: '9822045123' },
    theme: { color: '#2F4F3A' },
    testMode: true,
  };

  it('describes an order with its lines and totals in paise and the payment dialog options', () => {
    expect(createOrderResponseSchema.parse({ order, payment })).toEqual({ order, payment });
  });

  it('carries a timeline whose steps name a known status and who moved the order', () => {
    const shipped = {
      ...order,
      status: 'shipped',
      events: [
        ...order.events,
        { status: 'paid', at: '2025-08-14T09:31:00.000Z', by: 'system' },
        {
          status: 'shipped',
          at: '2025-08-15T10:00:00.000Z',
          by: 'owner',
          carrier: 'India Post',
          trackingNumber: 'EE123456789IN',
          trackingUrl: 'https://www.indiapost.gov.in/',
        },
      ],
    };
    expect(orderSchema.parse(shipped)).toEqual(shipped);
    const lost = { ...order, events: [{ status: 'lost', at: order.createdAt, by: 'system' }] };
    expect(orderSchema.safeParse(lost).success).toBe(false);
    const byStranger = { ...order, events: [{ ...order.events[0], by: 'courier' }] };
    expect(orderSchema.safeParse(byStranger).success).toBe(false);
  });

  it('numbers orders VNY- and six digits', () => {
    expect(orderSchema.safeParse({ ...order, orderNumber: 'VNY-12345' }).success).toBe(false);
    expect(orderSchema.safeParse({ ...order, orderNumber: 'ORD-123456' }).success).toBe(false);
  });

  it('pays in INR with the description "Order Payment"', () => {
    expect(
      createOrderResponseSchema.safeParse({ order, payment: { ...payment, currency: 'USD' } })
        .success,
    ).toBe(false);
    expect(
      createOrderResponseSchema.safeParse({ order, payment: { ...payment, description: 'x' } })
        .success,
    ).toBe(false);
  });

  it('answers a total mismatch with the current totals', () => {
    const body = { ...makeErrorBody('TOTAL_MISMATCH'), totals };
    expect(totalMismatchBodySchema.parse(body)).toEqual(body);
    expect(totalMismatchBodySchema.safeParse(makeErrorBody('TOTAL_MISMATCH')).success).toBe(false);
  });
});
