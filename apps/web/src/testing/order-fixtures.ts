import { brand, priceCart, type CartLineInput } from '@vanya/catalog';
import { nextActions } from '@vanya/contracts';
import type { CreateOrderResponse, Order, OrderFacts, PaymentDialog } from '@vanya/contracts';

export const ORDER_ID = '66b1f0c2a1b2c3d4e5f60718';

/**
 * An order as the API answers it to its shopper, priced from the catalogue, with the actions the
 * API offers for its status (unless `overrides` names them).
 */
export function orderFixture(
  items: CartLineInput[] = [{ productId: 'Bodybutter', quantity: 2 }],
  overrides: Partial<Order> = {},
): Order {
  const order = pricedOrder(items, overrides);
  return { ...order, nextActions: overrides.nextActions ?? shopperActions(order) };
}

/** What the API offers the shopper for `order` as it stands. */
export const shopperActions = (order: Pick<Order, 'status' | 'paymentMethod'>) =>
  nextActions(order, 'shopper');

/** The order as the API answers it to the owner: with the owner's actions (and its booking's). */
export const ownerView = (order: Order, booking: OrderFacts['booking'] = null): Order => ({
  ...order,
  nextActions: nextActions(
    { ...order, codCollected: order.cod?.status === 'collected', booking },
    'owner',
  ),
});

function pricedOrder(items: CartLineInput[], overrides: Partial<Order>): Order {
  const priced = priceCart(items, { deliveryState: 'Karnataka' });
  return {
    nextActions: [],
    _id: ORDER_ID,
    orderNumber: 'VNY-482913',
    status: 'pending_payment',
    createdAt: '2025-08-14T09:30:00.000Z',
    events: [{ status: 'pending_payment', at: '2025-08-14T09:30:00.000Z', by: 'shopper' }],
    firstName: 'Asha',
    lastName: 'Patil',
    email: 'asha@example.com',
    phone: '9876543210',
    address: '12 MG Road, Indiranagar',
    city: 'Bengaluru',
    state: 'Karnataka',
    pinCode: '560038',
    country: 'IN',
    paymentMethod: 'upi',
    gstNumber: '',
    deliveryState: 'Karnataka',
    supply: priced.supply,
    lines: priced.lines.map((line) => ({
      productId: line.productId,
      name: line.name,
      hsn: line.hsn,
      gstRate: line.gstRate,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      amount: line.amount,
      couponShare: line.couponShare,
      taxableValue: line.taxableValue,
      cgst: line.cgst,
      sgst: line.sgst,
      igst: line.igst,
    })),
    totals: {
      itemsTotal: priced.itemsTotal,
      mrpTotal: priced.mrpTotal,
      discount: priced.discount,
      couponDiscount: priced.couponDiscount,
      shipping: priced.shipping,
      codFee: priced.codFee,
      grandTotal: priced.grandTotal,
      taxableValue: priced.taxableValue,
      cgst: priced.cgst,
      sgst: priced.sgst,
      igst: priced.igst,
      taxTotal: priced.taxTotal,
    },
    ...overrides,
  };
}

/** A prepaid order's answer: the order and the options of its payment dialog. */
export function createOrderResponseFixture(
  order: Order = orderFixture(),
): CreateOrderResponse & { payment: PaymentDialog } {
  return {
    order,
    payment: {
      keyId: 'rzp_test_local',
      providerOrderId: 'order_TEST123456',
      amount: order.totals.grandTotal,
      currency: 'INR',
      name: brand.name,
      description: 'Order Payment',
      prefill: { name: 'Asha Patil', email: order.email, contact: order.phone },
      theme: { color: brand.paymentThemeColor },
      testMode: true,
    },
  };
}

export const PAYMENT_RESPONSE = {
  razorpay_order_id: 'order_TEST123456',
  razorpay_payment_id: 'pay_TEST987654',
  razorpay_signature: 'a'.repeat(64),
};
