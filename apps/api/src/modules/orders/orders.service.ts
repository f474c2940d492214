import { createHash, randomInt, randomUUID } from 'node:crypto';
import { brand, CartError, cartSummaryText, priceOrder, rupeesToPaise } from '@vanya/catalog';
import type {
  CreateOrderBody,
  Order,
  OrderStatus,
  OrderSummary,
  PaymentDialog,
} from '@vanya/contracts';
import type { Types } from 'mongoose';
import { pageForUser } from '../../platform/db/page';
import type { PageQuery } from '../../platform/db/page';
import { isDuplicateKey } from '../../platform/db/duplicate-key';
import { AppError, conflict, notFound } from '../../platform/errors/app-error';
import type { PaymentsService } from '../payments/payments.service';
import type { StockService } from '../stock/stock.service';
import type { OrderLifecycle } from './order-lifecycle';
import { OrderModel } from './order.model';
import type { Refunds } from './refunds';
import type { OrderDoc } from './order.model';

const ORDER_NUMBER_ATTEMPTS = 20;
/** A shopper may cancel until the parcel is packed. */
const CANCELLABLE: readonly OrderStatus[] = ['pending_payment', 'payment_failed', 'paid'];
export const ORDER_NOT_CANCELLABLE =
  'This order has already been packed, so it can no longer be cancelled. Once it arrives, you can return it from your profile.';
export const ORDERS_LISTED = 50;

export function toOrderView(o: OrderDoc): Order {
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
    lines: o.lines.map((l) => ({
      productId: l.productId,
      name: l.name,
      hsn: l.hsn,
      gstRate: l.gstRate,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      amount: l.amount,
      taxableValue: l.taxableValue,
      cgst: l.cgst,
      sgst: l.sgst,
      igst: l.igst,
    })),
    totals: {
      itemsTotal: o.totals.itemsTotal ?? 0,
      mrpTotal: o.totals.mrpTotal ?? 0,
      discount: o.totals.discount ?? 0,
      shipping: o.totals.shipping ?? 0,
      grandTotal: o.totals.grandTotal ?? 0,
      taxableValue: o.totals.taxableValue ?? 0,
      cgst: o.totals.cgst ?? 0,
      sgst: o.totals.sgst ?? 0,
      igst: o.totals.igst ?? 0,
      taxTotal: o.totals.taxTotal ?? 0,
    },
    ...(o.paymentId ? { paymentId: o.paymentId } : {}),
    events: (o.events ?? []).map((e) => ({
      status: e.status as Order['status'],
      at: e.at.toISOString(),
      by: e.by as Order['events'][number]['by'],
      ...(e.note ? { note: e.note } : {}),
      ...(e.carrier ? { carrier: e.carrier } : {}),
      ...(e.trackingNumber ? { trackingNumber: e.trackingNumber } : {}),
      ...(e.trackingUrl ? { trackingUrl: e.trackingUrl } : {}),
    })),
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

/** Placing orders, reading them and the shopper's cancel; every write goes through the lifecycle. */
export function createOrdersService({
  payments,
  lifecycle,
  stock,
  refunds,
}: {
  payments: PaymentsService;
  lifecycle: OrderLifecycle;
  stock: StockService;
  refunds: Refunds;
}) {
  function dialog(order: OrderDoc): PaymentDialog {
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

  return {
    /**
     * Prices the items from the catalogue for the delivery state, refuses a total that differs from
     * the client's, stores the order (one per idempotency key) and opens the provider's order.
     */
    async create(
      userId: Types.ObjectId,
      body: CreateOrderBody,
      idempotencyKey: string | undefined,
    ): Promise<{ order: Order; payment: PaymentDialog; created: boolean }> {
      const data = body.data;
      let priced;
      try {
        priced = priceOrder(data.items, { deliveryState: data.state });
      } catch (err) {
        if (err instanceof CartError)
          throw new AppError(
            400,
            err.code,
            err.message,
            err.productId ? { productId: err.productId } : {},
          );
        throw err;
      }
      await stock.assertInStock(data.items);
      const { lines, shippingTax, supply, ...totals } = priced;
      if (rupeesToPaise(data.total_amount) !== totals.grandTotal) {
        throw conflict(
          'The total has changed. Please review your cart before paying.',
          'TOTAL_MISMATCH',
          { totals },
        );
      }

      const requestHash = createHash('sha256').update(JSON.stringify(data)).digest('hex');
      const key = idempotencyKey ?? randomUUID();
      const replay = async (existing: OrderDoc) => {
        if (existing.requestHash !== requestHash)
          throw conflict(
            'This Idempotency-Key was used for a different order.',
            'IDEMPOTENCY_KEY_REUSED',
          );
        // A retry of a stored order (after an outage, or a double click): finish opening its payment.
        const order = await payments.ensureProviderOrder(existing);
        return { order: toOrderView(order), payment: dialog(order), created: false };
      };
      // A retried checkout finds the order its first attempt made before anything is created.
      const earlier = await OrderModel.findOne({ userId, idempotencyKey: key }).lean<OrderDoc>();
      if (earlier) return replay(earlier);

      const fields = {
        userId,
        idempotencyKey: key,
        requestHash,
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
        cartSummary: cartSummaryText(data.items),
        deliveryState: data.state,
        supply,
        lines,
        totals,
        shippingTax,
        provider: payments.provider.mode,
      };
      for (let attempt = 0; attempt < ORDER_NUMBER_ATTEMPTS; attempt += 1) {
        const orderNumber = `${brand.orderPrefix}-${randomInt(100000, 1000000)}`;
        // If the provider is down, the order is stored anyway (pending, without a provider order)
        // and a retry with the same key finishes it.
        let providerOrderId: string | null = null;
        let outage: unknown;
        try {
          providerOrderId = (
            await payments.provider.createOrder({
              amount: totals.grandTotal,
              receipt: orderNumber,
              notes: { orderNumber },
            })
          ).id;
        } catch (err) {
          outage = err;
        }
        try {
          const created = await lifecycle.place({ orderNumber, providerOrderId, ...fields });
          if (outage) throw outage;
          return { order: toOrderView(created), payment: dialog(created), created: true };
        } catch (err) {
          if (!isDuplicateKey(err)) throw err;
          // A double click racing itself made the order meanwhile; else the number was taken.
          const existing = await OrderModel.findOne({
            userId,
            idempotencyKey: key,
          }).lean<OrderDoc>();
          if (existing) return replay(existing);
        }
      }
      throw new AppError(
        503,
        'ORDER_NUMBER_UNAVAILABLE',
        'Could not assign an order number. Please try again.',
      );
    },

    /** A page of the shopper's orders, newest first. */
    async list(
      userId: Types.ObjectId,
      page: PageQuery = { limit: ORDERS_LISTED },
    ): Promise<OrderSummary[]> {
      const orders = await pageForUser<OrderDoc>(OrderModel, userId, page);
      return orders.map(toOrderSummary);
    },

    /**
     * The shopper cancels an order that has not been packed yet; a paid one is refunded whole
     * through the provider (or by reconciliation, if the provider is away just now).
     */
    async cancel(userId: Types.ObjectId, id: string): Promise<Order> {
      const order = await ownOrder(userId, id);
      if (!CANCELLABLE.includes(order.status as OrderStatus))
        throw conflict(ORDER_NOT_CANCELLABLE, 'ORDER_NOT_CANCELLABLE');
      if (order.paymentId) {
        await refunds.refundOrder(order, 'cancelled', 'shopper');
        return toOrderView((await lifecycle.read(order._id)) ?? order);
      }
      const cancelled = await lifecycle.move(order, 'cancelled', 'shopper');
      await lifecycle.announce(cancelled, 'cancelled');
      return toOrderView(cancelled);
    },

    /** Another user's order answers 404, exactly like a missing one. */
    async get(userId: Types.ObjectId, id: string): Promise<Order> {
      return toOrderView(await ownOrder(userId, id));
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
