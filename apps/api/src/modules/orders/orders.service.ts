import { createHash, randomInt, randomUUID } from 'node:crypto';
import { Types } from 'mongoose';
import {
  brand,
  cartSummaryText,
  formatINR,
  MIN_ORDER_TOTAL_PAISE,
  priceOrder,
  rupeesToPaise,
  shippingPolicyOf,
} from '@vanya/catalog';
import { ORDER_STATUS_LABELS } from '@vanya/contracts';
import type {
  CourierScan,
  CodConfirmation,
  CreateOrderBody,
  Order,
  OrderStatus,
  OrderSummary,
  PaymentDialog,
} from '@vanya/contracts';
import { pageForUser } from '../../platform/db/page';
import type { PageQuery } from '../../platform/db/page';
import { isDuplicateKey } from '../../platform/db/duplicate-key';
import { compensations } from '../../platform/compensations';
import { AppError, conflict, notFound } from '../../platform/errors/app-error';
import type { Coupons } from '../coupons/coupons.service';
import type { PaymentsService } from '../payments/payments.service';
import type { ShopSettingsStore } from '../settings/shop-settings.service';
import type { StockService } from '../stock/stock.service';
import type { CashOnDelivery } from './cash-on-delivery';
import type { OrderLifecycle } from './order-lifecycle';
import { actionsFor, assertOffered } from './order-actions';
import { OrderModel } from './order.model';
import type { Refunds } from './refunds';
import type { NewOrder, OrderDoc } from './order.model';

const ORDER_NUMBER_ATTEMPTS = 20;
export const ORDER_BELOW_MINIMUM_MESSAGE = `An order must come to at least ${formatINR(MIN_ORDER_TOTAL_PAISE)}, the least a payment can be. Please add a product, or order without the coupon.`;

/** Refuses a total under what the payment provider accepts (409 ORDER_BELOW_MINIMUM). */
export function assertPayable(grandTotal: number): void {
  if (grandTotal < MIN_ORDER_TOTAL_PAISE)
    throw conflict(ORDER_BELOW_MINIMUM_MESSAGE, 'ORDER_BELOW_MINIMUM');
}
export const ORDERS_LISTED = 50;

type Figures<T> = { [K in keyof T]?: number | null };

/** Totals as the API answers them, of an order or a priced cart (a figure an old order lacks is 0). */
export const totalsView = (t: Figures<Order['totals']>): Order['totals'] => ({
  itemsTotal: t.itemsTotal ?? 0,
  mrpTotal: t.mrpTotal ?? 0,
  discount: t.discount ?? 0,
  couponDiscount: t.couponDiscount ?? 0,
  shipping: t.shipping ?? 0,
  codFee: t.codFee ?? 0,
  grandTotal: t.grandTotal ?? 0,
  taxableValue: t.taxableValue ?? 0,
  cgst: t.cgst ?? 0,
  sgst: t.sgst ?? 0,
  igst: t.igst ?? 0,
  taxTotal: t.taxTotal ?? 0,
});

type Line = Order['lines'][number];
/** A line as the API answers it, of an order or a priced cart. */
export const lineView = (l: Omit<Line, 'couponShare'> & { couponShare?: number | null }): Line => ({
  productId: l.productId,
  name: l.name,
  hsn: l.hsn,
  gstRate: l.gstRate,
  quantity: l.quantity,
  unitPrice: l.unitPrice,
  amount: l.amount,
  couponShare: l.couponShare ?? 0,
  taxableValue: l.taxableValue,
  cgst: l.cgst,
  sgst: l.sgst,
  igst: l.igst,
});

/** The order as the API answers it, with what its viewer may do next (by default the shopper). */
export function toOrderView(o: OrderDoc, nextActions = actionsFor(o, 'shopper')): Order {
  return {
    _id: String(o._id),
    orderNumber: o.orderNumber,
    status: o.status as Order['status'],
    createdAt: o.createdAt.toISOString(),
    ...(o.paidAt ? { paidAt: o.paidAt.toISOString() } : {}),
    firstName: o.firstName,
    lastName: o.lastName,
    email: o.email,
    phone: o.phone,
    address: o.address,
    city: o.city,
    state: o.state,
    pinCode: o.pinCode,
    country: 'IN',
    paymentMethod: o.paymentMethod as Order['paymentMethod'],
    gstNumber: o.gstNumber ?? '',
    deliveryState: o.deliveryState,
    supply: o.supply as Order['supply'],
    lines: o.lines.map(lineView),
    totals: totalsView(o.totals),
    ...(o.paymentId ? { paymentId: o.paymentId } : {}),
    ...(o.coupon ? { coupon: { code: o.coupon.code, discount: o.coupon.discount } } : {}),
    ...(o.codStatus
      ? {
          cod: {
            status: o.codStatus as 'due' | 'collected',
            amountDue: o.codStatus === 'due' ? (o.totals.grandTotal ?? 0) : 0,
          },
        }
      : {}),
    events: (o.events ?? []).map((e) => ({
      status: e.status as Order['status'],
      at: e.at.toISOString(),
      by: e.by as Order['events'][number]['by'],
      ...(e.note ? { note: e.note } : {}),
      ...(e.carrier ? { carrier: e.carrier } : {}),
      ...(e.trackingNumber ? { trackingNumber: e.trackingNumber } : {}),
      ...(e.trackingUrl ? { trackingUrl: e.trackingUrl } : {}),
      ...(e.scan ? { scan: e.scan as CourierScan } : {}),
    })),
    nextActions,
  };
}

export function toOrderSummary(o: OrderDoc): OrderSummary {
  return {
    _id: String(o._id),
    orderNumber: o.orderNumber,
    status: o.status as OrderSummary['status'],
    createdAt: o.createdAt.toISOString(),
    total: o.totals.grandTotal ?? 0,
  };
}

export const readOrder = (id: Types.ObjectId | string) =>
  OrderModel.findById(id).lean<OrderDoc>().exec();

/** The shopper's own order; another user's answers 404 exactly like a missing one. */
export async function ownOrder(userId: Types.ObjectId, id: Types.ObjectId | string) {
  const order = await readOrder(id);
  if (!order || !order.userId.equals(userId)) throw notFound('Order not found.', 'ORDER_NOT_FOUND');
  return order;
}

type CheckoutData = CreateOrderBody['data'];

/**
 * Prices the items from the catalogue for the delivery state, with the coupon quoted and the
 * owner's cash-on-delivery fee and free-shipping threshold as they are now (read once per order);
 * refuses an unpayable total, an item out of stock and a total that differs from the client's.
 */
async function priceCheckout(
  deps: { settings: ShopSettingsStore; coupons: Coupons; stock: StockService },
  userId: Types.ObjectId,
  data: CheckoutData,
) {
  const shop = await deps.settings.read();
  const codTerms = { feePaise: shop.codFeePaise, maxGoodsPaise: shop.codMaxGoodsPaise };
  const shippingPolicy = shippingPolicyOf(shop);
  const codFee = data.paymentMethod === 'cod' ? codTerms.feePaise : 0;
  const catalogue = await deps.stock.catalogue();
  const price = (couponDiscount: number) =>
    priceOrder(data.items, {
      deliveryState: data.state,
      couponDiscount,
      codFee,
      shippingPolicy,
      catalogue,
    });
  const goods = price(0).itemsTotal;
  const quoted = data.couponCode
    ? (await deps.coupons.quote(data.couponCode, userId, goods)).discount
    : 0;
  const priced = price(quoted);
  assertPayable(priced.grandTotal);
  await deps.stock.assertInStock(data.items);
  if (rupeesToPaise(data.total_amount) !== priced.grandTotal) {
    const { lines: _l, shippingTax: _s, codFeeTax: _c, supply: _p, ...totals } = priced;
    throw conflict(
      'The total has changed. Please review your cart before paying.',
      'TOTAL_MISMATCH',
      { totals },
    );
  }
  return { priced, price, goods, quoted, codTerms, catalogue };
}

type Priced = Awaited<ReturnType<typeof priceCheckout>>;

/** The order as the checkout stores it, before its number and its provider order. */
function newOrderFields(
  order: {
    _id: Types.ObjectId;
    userId: Types.ObjectId;
    idempotencyKey: string;
    requestHash: string;
  },
  data: CheckoutData,
  { priced, quoted, catalogue }: Pick<Priced, 'priced' | 'quoted' | 'catalogue'>,
  provider: NewOrder['provider'],
) {
  const payOnDelivery = data.paymentMethod === 'cod';
  const { lines, shippingTax, codFeeTax, supply, ...totals } = priced;
  return {
    ...order,
    status: payOnDelivery ? ('pending_confirmation' as const) : ('pending_payment' as const),
    firstName: data.firstName,
    lastName: data.lastName,
    email: data.email,
    phone: data.phone,
    address: data.address,
    city: data.city,
    state: data.state,
    pinCode: data.pinCode,
    country: data.country,
    paymentMethod: data.paymentMethod,
    gstNumber: data.gstNumber ?? '',
    whatsappUpdates: data.whatsapp,
    cartSummary: cartSummaryText(data.items, catalogue),
    deliveryState: data.state,
    supply,
    lines,
    totals,
    shippingTax,
    codFeeTax: payOnDelivery ? codFeeTax : null,
    coupon: data.couponCode ? { code: data.couponCode, discount: quoted } : null,
    codStatus: payOnDelivery ? ('due' as const) : null,
    codCode: null,
    provider,
  };
}

/**
 * Opens the provider's order (prepaid) and stores ours under a fresh order number, trying
 * another number when one is taken. If the provider is away, the order is stored anyway
 * (pending, without a provider order) with the outage to answer, and a retry with the same
 * key finishes it. Answers the order stored by a racing attempt with the same key instead.
 */
async function storeOrder(
  deps: { payments: PaymentsService; lifecycle: OrderLifecycle },
  order: Omit<NewOrder, 'orderNumber' | 'providerOrderId'>,
): Promise<{ order: OrderDoc; outage?: unknown } | { earlier: OrderDoc }> {
  for (let attempt = 0; attempt < ORDER_NUMBER_ATTEMPTS; attempt += 1) {
    const orderNumber = `${brand.orderPrefix}-${randomInt(100000, 1000000)}`;
    let providerOrderId: string | null = null;
    let outage: unknown;
    if (order.paymentMethod !== 'cod') {
      try {
        const opened = await deps.payments.provider.createOrder({
          amount: order.totals.grandTotal,
          receipt: orderNumber,
          notes: { orderNumber },
        });
        providerOrderId = opened.id;
      } catch (err) {
        outage = err;
      }
    }
    try {
      const created = await deps.lifecycle.place({ ...order, orderNumber, providerOrderId });
      return outage ? { order: created, outage } : { order: created };
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      // The same key's order was stored meanwhile; else the number was taken.
      const earlier = await OrderModel.findOne({
        userId: order.userId,
        idempotencyKey: order.idempotencyKey,
      }).lean<OrderDoc>();
      if (earlier) return { earlier };
    }
  }
  throw new AppError(
    503,
    'ORDER_NUMBER_UNAVAILABLE',
    'Could not assign an order number. Please try again.',
  );
}

export interface OrdersServiceDeps {
  payments: PaymentsService;
  lifecycle: OrderLifecycle;
  stock: StockService;
  refunds: Refunds;
  coupons: Coupons;
  cod: CashOnDelivery;
  /** The owner's settings an order is priced with: the cash-on-delivery fee and cap, shipping. */
  settings: ShopSettingsStore;
}

function dialog({ payments }: OrdersServiceDeps, order: OrderDoc): PaymentDialog {
  return {
    keyId: payments.provider.keyId,
    providerOrderId: order.providerOrderId ?? '',
    amount: order.totals.grandTotal ?? 0,
    currency: 'INR',
    name: brand.name,
    description: 'Order Payment',
    prefill: {
      name: `${order.firstName} ${order.lastName}`,
      email: order.email,
      contact: order.phone,
    },
    theme: { color: brand.paymentThemeColor },
    testMode: payments.provider.mode === 'test',
  };
}

/**
 * Prices the items from the catalogue for the delivery state (with the coupon, and the
 * cash-on-delivery fee and free-shipping threshold of the owner's settings), refuses a total that differs from the client's, takes the coupon's
 * use, stores the order (one per idempotency key), and opens the provider's order (prepaid) or
 * sends the confirmation code to the verified phone (cash on delivery).
 */
async function createOrder(
  deps: OrdersServiceDeps,
  userId: Types.ObjectId,
  body: CreateOrderBody,
  idempotencyKey: string | undefined,
): Promise<{
  order: Order;
  payment: PaymentDialog | null;
  codConfirmation?: CodConfirmation;
  created: boolean;
}> {
  const { payments, lifecycle, stock, coupons, cod, settings } = deps;
  const data = body.data;
  const checkout = await priceCheckout({ settings, coupons, stock }, userId, data);
  const { priced, price, goods, quoted, codTerms } = checkout;
  const requestHash = createHash('sha256').update(JSON.stringify(data)).digest('hex');
  const key = idempotencyKey ?? randomUUID();
  const replay = async (existing: OrderDoc) => {
    if (existing.requestHash !== requestHash)
      throw conflict(
        'This Idempotency-Key was used for a different order.',
        'IDEMPOTENCY_KEY_REUSED',
      );
    if (existing.paymentMethod === 'cod')
      return { order: toOrderView(existing), payment: null, created: false };
    // A retry of a stored order (after an outage, or a double click): finish opening its payment.
    const order = await payments.ensureProviderOrder(existing);
    return { order: toOrderView(order), payment: dialog(deps, order), created: false };
  };
  // A retried checkout finds the order its first attempt made before anything is created.
  const earlier = await OrderModel.findOne({ userId, idempotencyKey: key }).lean<OrderDoc>();
  if (earlier) return replay(earlier);

  const phone =
    data.paymentMethod === 'cod'
      ? await cod.eligiblePhone(
          userId,
          data.pinCode,
          priced.itemsTotal - priced.couponDiscount,
          codTerms,
        )
      : null;
  const orderId = new Types.ObjectId();
  const ids = { _id: orderId, userId, idempotencyKey: key, requestHash };
  const fields = newOrderFields(ids, data, checkout, payments.provider.mode);
  // Each step's undo is registered beside it, and runs when a later step fails while no
  // order is stored under this id. A process that dies meanwhile leaves the units held under
  // the id: the ledger job releases them, and gives the coupon's use back, once it sees no
  // order was stored (stock.retire).
  const undo = compensations();
  try {
    // The units first: all of them, or the order is refused.
    const held = await stock.reserve(data.items, { _id: orderId });
    undo.add(() => stock.unreserve(held, { _id: orderId }));
    if (data.couponCode) {
      const { discount } = await coupons.take(data.couponCode, userId, orderId, goods);
      undo.add(() => coupons.giveBack(orderId));
      if (discount !== quoted)
        throw conflict(
          'The coupon changed meanwhile. Please review your cart before paying.',
          'TOTAL_MISMATCH',
          { totals: totalsView(price(discount)) },
        );
    }
    const reservation = { items: held, state: 'held' as const };
    const stored = await storeOrder({ payments, lifecycle }, { ...fields, reservation });
    if ('earlier' in stored) {
      // A double click racing itself stored the order meanwhile: this attempt's steps go back.
      await undo.run();
      return await replay(stored.earlier);
    }
    const created = stored.order;
    if (stored.outage) throw stored.outage;
    if (phone) {
      await cod.keepWithinOpenLimit(created);
      const codConfirmation = await cod.sendCode(created, phone);
      return { order: toOrderView(created), payment: null, codConfirmation, created: true };
    }
    return { order: toOrderView(created), payment: dialog(deps, created), created: true };
  } catch (err) {
    if (!(await OrderModel.exists({ _id: orderId }))) await undo.run();
    throw err;
  }
}

/** Confirms a cash-on-delivery order with the code sent by SMS. */
async function confirmCod(
  { cod }: OrdersServiceDeps,
  userId: Types.ObjectId,
  id: string,
  code: string,
): Promise<Order> {
  return toOrderView(await cod.confirm(await ownOrder(userId, id), code));
}

/** Sends a new confirmation code for a cash-on-delivery order still waiting for one. */
async function resendCodCode(
  { cod }: OrdersServiceDeps,
  userId: Types.ObjectId,
  id: string,
): Promise<CodConfirmation> {
  const order = await ownOrder(userId, id);
  assertOffered(order, 'shopper', 'confirm_cod', null, {
    code: 'ORDER_NOT_AWAITING_CONFIRMATION',
    message: 'This order is not waiting for a code.',
  });
  const phone = await cod.verifiedPhone(userId);
  return cod.sendCode(order, phone);
}

/** A page of the shopper's orders, newest first. */
async function listOrders(
  userId: Types.ObjectId,
  page: PageQuery = { limit: ORDERS_LISTED },
): Promise<OrderSummary[]> {
  const orders = await pageForUser<OrderDoc>(OrderModel, userId, page);
  return orders.map(toOrderSummary);
}

/**
 * The shopper cancels an order that has not been packed yet; a paid one is refunded whole
 * through the provider (or by reconciliation, if the provider is away just now).
 */
async function cancel(
  { refunds, lifecycle }: OrdersServiceDeps,
  userId: Types.ObjectId,
  id: string,
): Promise<Order> {
  const order = await ownOrder(userId, id);
  assertOffered(order, 'shopper', 'cancel', null, {
    code: 'ORDER_NOT_CANCELLABLE',
    message: `This order is ${ORDER_STATUS_LABELS[order.status as OrderStatus].toLowerCase()}, so it can no longer be cancelled.`,
  });
  if (order.paymentId) {
    await refunds.refundOrder(order, 'cancelled', 'shopper');
    return toOrderView((await lifecycle.read(order._id)) ?? order);
  }
  const cancelled = await lifecycle.move(order, 'cancelled', 'shopper');
  await lifecycle.announce(cancelled, 'cancelled');
  return toOrderView(cancelled);
}

/** Another user's order answers 404, exactly like a missing one. */
async function getOrder(userId: Types.ObjectId, id: string): Promise<Order> {
  return toOrderView(await ownOrder(userId, id));
}

/**
 * Placing orders, reading them and the shopper's cancel; every write goes through the lifecycle.
 * Each operation is a module function above, given the one deps object.
 */
export function createOrdersService(deps: OrdersServiceDeps) {
  return {
    create: (userId: Types.ObjectId, body: CreateOrderBody, idempotencyKey: string | undefined) =>
      createOrder(deps, userId, body, idempotencyKey),
    confirmCod: (userId: Types.ObjectId, id: string, code: string) =>
      confirmCod(deps, userId, id, code),
    resendCodCode: (userId: Types.ObjectId, id: string) => resendCodCode(deps, userId, id),
    list: listOrders,
    cancel: (userId: Types.ObjectId, id: string) => cancel(deps, userId, id),
    get: getOrder,
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
