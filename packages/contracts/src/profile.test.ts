import { describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES } from './messages';
import {
  profilePageQuerySchema,
  addAddressBodySchema,
  addPaymentMethodBodySchema,
  createReturnBodySchema,
  createTicketBodySchema,
  invoiceSchema,
  itemIdParamsSchema,
  ORDER_STATUSES,
  orderSummarySchema,
  RETURN_STATUSES,
  returnRequestSchema,
  TICKET_STATUSES,
  ticketSchema,
} from './profile';
import { adminOrderListQuerySchema } from './admin';
import { findApiRoute } from './api';
import { issueMessages } from './test-helpers';

const ORDER_ID = '65f1a2b3c4d5e6f708192a3b';

describe('addresses', () => {
  it('trims a new address', () => {
    expect(addAddressBodySchema.parse({ address: '  Plot 14, Latur 413512 ' })).toEqual({
      address: 'Plot 14, Latur 413512',
    });
  });

  it('refuses a blank, overlong or extra-keyed address', () => {
    expect(issueMessages(addAddressBodySchema, { address: '   ' })).toEqual([
      PROFILE_MESSAGES.addressRequired,
    ]);
    expect(issueMessages(addAddressBodySchema, { address: 'x'.repeat(301) })).toEqual([
      PROFILE_MESSAGES.addressTooLong,
    ]);
    expect(addAddressBodySchema.safeParse({ address: 'Latur', id: 'a1' }).success).toBe(false);
  });

  it('takes list item ids in paths but not operators or slashes', () => {
    expect(itemIdParamsSchema.safeParse({ id: ORDER_ID }).success).toBe(true);
    expect(itemIdParamsSchema.safeParse({ id: '../etc' }).success).toBe(false);
    expect(itemIdParamsSchema.safeParse({ id: { $ne: null } }).success).toBe(false);
  });
});

describe('payment methods', () => {
  it.each(['Visa ending 4242', 'name@okaxis', 'HDFC netbanking'])(
    'accepts the label %j',
    (label) => {
      expect(addPaymentMethodBodySchema.parse({ payment: label })).toEqual({ payment: label });
    },
  );

  it.each(['4242 4242 4242 4242', '4242-4242-4242-4242', 'Visa 4242424242424242'])(
    'refuses a card number in %j and asks for a label instead',
    (payment) => {
      expect(issueMessages(addPaymentMethodBodySchema, { payment })).toEqual([
        PROFILE_MESSAGES.cardNumberRefused,
      ]);
    },
  );

  it('refuses a blank or overlong label', () => {
    expect(issueMessages(addPaymentMethodBodySchema, { payment: '' })).toEqual([
      PROFILE_MESSAGES.paymentRequired,
    ]);
    expect(issueMessages(addPaymentMethodBodySchema, { payment: 'x'.repeat(61) })).toEqual([
      PROFILE_MESSAGES.paymentTooLong,
    ]);
  });
});

describe('orders, invoices and returns in the profile', () => {
  it('names the statuses of the design', () => {
    expect(ORDER_STATUSES).toEqual([
      'pending_payment',
      'paid',
      'pending_confirmation',
      'confirmed',
      'packed',
      'shipped',
      'delivered',
      'payment_failed',
      'cancelled',
      'refunded',
      'rto',
    ]);
    expect(RETURN_STATUSES).toEqual(['requested', 'approved', 'received', 'refunded', 'rejected']);
    expect(TICKET_STATUSES).toEqual(['open', 'in_progress', 'closed']);
  });

  it('describes an order summary with its total in whole paise', () => {
    const summary = {
      _id: ORDER_ID,
      orderNumber: 'VNY-123456',
      status: 'delivered',
      createdAt: '2025-08-14T09:30:00.000Z',
      total: 129700,
    };
    expect(orderSummarySchema.parse(summary)).toEqual(summary);
    expect(orderSummarySchema.safeParse({ ...summary, total: 1297.5 }).success).toBe(false);
    expect(orderSummarySchema.safeParse({ ...summary, status: 'lost' }).success).toBe(false);
  });

  it('describes an invoice with its download link', () => {
    const invoice = {
      _id: ORDER_ID,
      orderId: ORDER_ID,
      amount: 129700,
      date: '2025-08-14T09:30:00.000Z',
      downloadUrl: `/api/invoices/${ORDER_ID}/pdf?sig=abc&exp=1`,
    };
    expect(invoiceSchema.parse(invoice)).toEqual(invoice);
  });

  it('describes a return request', () => {
    const request = {
      _id: ORDER_ID,
      orderId: ORDER_ID,
      status: 'requested',
      refundAmount: 34900,
      method: 'original_payment',
    };
    expect(returnRequestSchema.parse(request)).toEqual(request);
  });

  it('accepts a return of an order with a reason and a refund method', () => {
    expect(
      createReturnBodySchema.parse({
        orderId: ORDER_ID,
        reason: ' Jar arrived broken ',
        method: 'store_credit',
      }),
    ).toEqual({ orderId: ORDER_ID, reason: 'Jar arrived broken', method: 'store_credit' });
  });

  it('refuses a return without an order, a reason or a known method', () => {
    expect(
      issueMessages(createReturnBodySchema, { orderId: 'x', reason: '', method: 'cash' }),
    ).toEqual([
      PROFILE_MESSAGES.returnOrderRequired,
      PROFILE_MESSAGES.returnReasonRequired,
      PROFILE_MESSAGES.returnMethod,
    ]);
    expect(
      issueMessages(createReturnBodySchema, {
        orderId: ORDER_ID,
        reason: 'x'.repeat(501),
        method: 'store_credit',
      }),
    ).toEqual([PROFILE_MESSAGES.returnReasonTooLong]);
  });
});

describe('support tickets', () => {
  it('says "Please enter your issue" for a blank message', () => {
    expect(issueMessages(createTicketBodySchema, { message: '  ' })).toEqual([
      'Please enter your issue',
    ]);
    expect(issueMessages(createTicketBodySchema, {})).toEqual(['Please enter your issue']);
  });

  it('accepts a message and describes the ticket with an optional attachment', () => {
    expect(createTicketBodySchema.parse({ message: 'My parcel is late' })).toEqual({
      message: 'My parcel is late',
    });
    const ticket = {
      id: ORDER_ID,
      status: 'open',
      message: 'My parcel is late',
      createdAt: '2025-08-14T09:30:00.000Z',
      replies: [{ by: 'owner', message: 'It left today.', at: '2025-08-15T09:30:00.000Z' }],
    };
    expect(ticketSchema.parse(ticket)).toEqual(ticket);
    expect(
      ticketSchema.safeParse({ ...ticket, replies: [{ ...ticket.replies[0], by: 'bot' }] }).success,
    ).toBe(false);
    expect(ticketSchema.parse({ ...ticket, attachment: '/uploads/t.jpg' }).attachment).toBe(
      '/uploads/t.jpg',
    );
  });
});

describe('the page of a profile list', () => {
  it('defaults to the newest 50 and takes a limit of 1 to 100 and an id to start after', () => {
    expect(profilePageQuerySchema.parse({})).toEqual({ limit: 50 });
    expect(
      profilePageQuerySchema.parse({ limit: '20', before: '65f1a2b3c4d5e6f708192a3b' }),
    ).toEqual({ limit: 20, before: '65f1a2b3c4d5e6f708192a3b' });
    for (const query of [
      { limit: '0' },
      { limit: '101' },
      { limit: '2.5' },
      { before: 'x' },
      { page: '2' },
    ])
      expect(profilePageQuerySchema.safeParse(query).success).toBe(false);
  });
});

describe('lengths as the OpenAPI document states them (the fuzz run compares the two)', () => {
  it('judges an address and a ticket by their length as sent, before the trim', () => {
    // maxLength speaks of the string as sent: padding past it is refused, as the document says.
    expect(addAddressBodySchema.safeParse({ address: ` ${'a'.repeat(300)}` }).success).toBe(false);
    expect(addAddressBodySchema.safeParse({ address: 'a'.repeat(300) }).success).toBe(true);
    // Within it, padding is trimmed away as before.
    expect(addAddressBodySchema.parse({ address: `  ${'a'.repeat(298)}` }).address).toBe(
      'a'.repeat(298),
    );
    expect(createTicketBodySchema.safeParse({ message: `${'x'.repeat(5000)}\n` }).success).toBe(
      false,
    );
    expect(createTicketBodySchema.safeParse({ message: 'x'.repeat(5000) }).success).toBe(true);
  });

  it("refuses a NUL in the owner's order search, which becomes a regular expression", () => {
    expect(adminOrderListQuerySchema.safeParse({ q: 'Asha\u0000' }).success).toBe(false);
    expect(adminOrderListQuerySchema.parse({ q: ' Asha ' }).q).toBe('Asha');
  });

  it("bounds an invoice link's expiry to the safe integers the server parses", () => {
    const query = findApiRoute('get', '/invoices/{id}/pdf')!.query!;
    const sig = 'a'.repeat(43);
    expect(query.safeParse({ sig, exp: String(Number.MAX_SAFE_INTEGER) }).success).toBe(true);
    expect(query.safeParse({ sig, exp: '9007199254740993' }).success).toBe(false);
    expect(query.safeParse({ sig, exp: '18446744073709551616' }).success).toBe(false);
  });
});
