import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { brand, formatINR, LIMITS } from '@vanya/catalog';
import { AUTH_MESSAGES } from '@vanya/contracts';
import type { CodRefusal, OrderStatus } from '@vanya/contracts';
import { trusted } from 'mongoose';
import type { Types } from 'mongoose';
import { AppError, conflict, tooManyRequests } from '../../platform/errors/app-error';
import type { Logger } from '../../platform/logger';
import type { Pincodes } from '../pincodes/pincodes.service';
import type { SmsTransport } from '../sms/sms-transport';
import type { TextBudget } from '../sms/text-budget';
import { UserModel } from '../users/user.model';
import type { OrderLifecycle } from './order-lifecycle';
import { OrderModel } from './order.model';
import type { OrderDoc } from './order.model';

const MINUTE = 60 * 1000;
/** An unconfirmed cash-on-delivery order is cancelled by the shop after this long. */
export const COD_CONFIRM_WITHIN_MS = 30 * MINUTE;
/** A shopper may have this many cash-on-delivery orders on their way at once. */
export const COD_OPEN_ORDERS_MAX = 2;
/** Cash-on-delivery orders not yet delivered (nor ended otherwise). */
const COD_OPEN: readonly OrderStatus[] = ['pending_confirmation', 'confirmed', 'packed', 'shipped'];

export interface CodConfig {
  feePaise: number;
  maxGoodsPaise: number;
}

/** Each refusal's words; TOTAL's name the cap in force (the owner's setting). */
const REFUSALS: Record<CodRefusal, (maxGoodsPaise: number) => string> = {
  PIN: () => 'Cash on delivery is not available for this PIN code. Please pay online.',
  TOTAL: (maxGoodsPaise) =>
    `Cash on delivery is available for orders up to ${formatINR(maxGoodsPaise)}. Please pay online.`,
  PHONE: () => 'Verify your phone number to pay on delivery: we send the order’s code to it.',
  OPEN_ORDERS: () =>
    `You already have ${COD_OPEN_ORDERS_MAX} cash-on-delivery orders on their way. Please pay online, or wait until one arrives.`,
};

/** '9876543210' -> '98xxxxxx10'. */
export const maskPhone = (phone: string) =>
  `${phone.slice(0, 2)}${'x'.repeat(Math.max(0, phone.length - 4))}${phone.slice(-2)}`;

export interface CashOnDeliveryDeps {
  pincodes: Pincodes;
  sms: SmsTransport;
  /** The shop's budget of code texts: each code is taken from it before it is sent. */
  texts: TextBudget;
  lifecycle: OrderLifecycle;
  secret: string;
  logger: Logger;
  now?: () => number;
}

/** What the operations share: the deps, with the clock settled. */
type CodContext = CashOnDeliveryDeps & { now: () => number };

const digest = ({ secret }: CodContext, orderId: Types.ObjectId, code: string) =>
  createHmac('sha256', secret)
    .update(`cod\n${String(orderId)}\n${code}`)
    .digest();

const refuse = (reason: CodRefusal, maxGoodsPaise = 0) =>
  conflict(REFUSALS[reason](maxGoodsPaise), 'COD_UNAVAILABLE', { reason });

/** The account's verified phone, where the order's code goes; 409 COD_UNAVAILABLE without one. */
async function verifiedPhone(userId: Types.ObjectId): Promise<string> {
  const user = await UserModel.findById(userId, { phone: 1, phoneVerified: 1 }).lean<{
    phone?: string;
    phoneVerified?: boolean;
  }>();
  if (!user?.phone || !user.phoneVerified) throw refuse('PHONE');
  return user.phone;
}

/** The shopper's cash-on-delivery orders still on their way. */
const openOrders = (userId: Types.ObjectId) =>
  OrderModel.countDocuments({
    userId,
    paymentMethod: 'cod',
    status: trusted({ $in: [...COD_OPEN] }),
  });

/**
 * The shopper's verified phone, or 409 COD_UNAVAILABLE with the reason: the PIN does not take
 * cash on delivery, the goods cost more than the cap, the account's phone is not verified, or
 * two of the shopper's cash-on-delivery orders are still on their way. `terms` are the fee and
 * cap the order was priced with.
 */
async function eligiblePhone(
  { pincodes }: CodContext,
  userId: Types.ObjectId,
  pin: string,
  goodsPaise: number,
  terms: CodConfig,
): Promise<string> {
  if (!(await pincodes.codAllowedFor(pin))) throw refuse('PIN');
  if (goodsPaise > terms.maxGoodsPaise) throw refuse('TOTAL', terms.maxGoodsPaise);
  const phone = await verifiedPhone(userId);
  if ((await openOrders(userId)) >= COD_OPEN_ORDERS_MAX) throw refuse('OPEN_ORDERS');
  return phone;
}

/**
 * Checks the limit again once the order is stored: checkouts racing can each have seen room
 * for one more. Over the limit, the order is deleted (before its code is sent) and refused; as
 * each order counts after its own insert, the last of any set of survivors saw them all, so no
 * more than the limit ever stay (under a race all may give way).
 */
async function keepWithinOpenLimit(order: OrderDoc): Promise<void> {
  if ((await openOrders(order.userId)) <= COD_OPEN_ORDERS_MAX) return;
  await OrderModel.deleteOne({ _id: order._id, status: 'pending_confirmation', codCode: null });
  throw refuse('OPEN_ORDERS');
}

/**
 * Sends a new code for an order waiting for confirmation: taken from the shop's budget of
 * texts, stored as an HMAC, replacing the last one only after the resend cooldown (a guarded
 * update, so two requests send one code). A new order whose first code the budget refuses is
 * deleted before its code goes, as one over the open-orders limit is, and refused.
 */
async function sendCode(
  ctx: CodContext,
  order: OrderDoc,
  phone: string,
): Promise<{ sentTo: string; retryAfterSeconds: number }> {
  const { sms, texts, lifecycle, logger, now } = ctx;
  const code = String(randomInt(0, 10 ** LIMITS.otpLength)).padStart(LIMITS.otpLength, '0');
  const at = new Date(now());
  const cooldownMs = LIMITS.otpResendCooldownSeconds * 1000;
  if (!order.codCode || order.codCode.sentAt.getTime() <= at.getTime() - cooldownMs) {
    try {
      await texts.take(phone, 'cod');
    } catch (err) {
      if (!order.codCode)
        await OrderModel.deleteOne({
          _id: order._id,
          status: 'pending_confirmation',
          codCode: null,
        });
      throw err;
    }
  }
  const codCode = {
    hash: digest(ctx, order._id, code).toString('hex'),
    sentAt: at,
    expiresAt: new Date(at.getTime() + LIMITS.otpLifetimeMs),
    attempts: 0,
  };
  const replaced = await OrderModel.updateOne(
    {
      _id: order._id,
      status: 'pending_confirmation',
      $or: [
        { codCode: null },
        { 'codCode.sentAt': trusted({ $lte: new Date(at.getTime() - cooldownMs) }) },
      ],
    },
    { $set: { codCode } },
  );
  if (replaced.modifiedCount !== 1) {
    const current = await lifecycle.read(order._id);
    if (current?.status !== 'pending_confirmation')
      throw conflict('This order is not waiting for a code.', 'ORDER_NOT_AWAITING_CONFIRMATION');
    const left = Math.max(
      1,
      Math.ceil(((current.codCode?.sentAt.getTime() ?? 0) + cooldownMs - at.getTime()) / 1000),
    );
    throw tooManyRequests(
      `Please wait ${left} seconds before asking for a new code.`,
      left,
      'OTP_COOLDOWN',
    );
  }
  try {
    await sms.send(
      phone,
      `${code} is your code to confirm ${brand.name} order ${order.orderNumber} (${formatINR(order.totals.grandTotal)} cash on delivery). It expires in ${LIMITS.otpLifetimeMs / MINUTE} minutes.`,
    );
  } catch (err) {
    // The order stands; the shopper can ask for the code again.
    logger.error({ err, orderNumber: order.orderNumber }, 'cash-on-delivery code not sent');
  }
  return { sentTo: maskPhone(phone), retryAfterSeconds: LIMITS.otpResendCooldownSeconds };
}

/**
 * Confirms the order with its code. A try is counted by a `$inc` guarded on the count before
 * the code is compared; the right code moves the order to confirmed once (a second, racing
 * right answer finds it confirmed and answers it). Confirming an order already confirmed
 * answers it as it is.
 */
async function confirm(ctx: CodContext, order: OrderDoc, code: string): Promise<OrderDoc> {
  const { lifecycle, now } = ctx;
  if (order.status === 'confirmed') return order;
  const invalid = () => new AppError(400, 'INVALID_OTP', AUTH_MESSAGES.otpInvalid);
  const exhausted = () =>
    new AppError(400, 'OTP_ATTEMPTS_EXCEEDED', AUTH_MESSAGES.otpTooManyAttempts);
  if (order.status !== 'pending_confirmation')
    throw conflict('This order is not waiting for a code.', 'ORDER_NOT_AWAITING_CONFIRMATION');
  const stored = order.codCode;
  if (!stored || stored.expiresAt.getTime() <= now()) throw invalid();
  const counted = await OrderModel.updateOne(
    {
      _id: order._id,
      'codCode.hash': stored.hash,
      'codCode.attempts': trusted({ $lt: LIMITS.otpMaxAttempts }),
    },
    { $inc: { 'codCode.attempts': 1 } },
  );
  if (counted.modifiedCount === 0) throw exhausted();
  const given = digest(ctx, order._id, code);
  const expected = Buffer.from(stored.hash, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
  try {
    return await lifecycle.move(order, 'confirmed', 'shopper');
  } catch (err) {
    const current = await lifecycle.read(order._id);
    if (current?.status === 'confirmed') return current;
    throw err;
  }
}

/** Cancels, as the shop, every cash-on-delivery order left unconfirmed too long. */
const cancelUnconfirmed = ({ lifecycle, now }: CodContext) =>
  lifecycle.cancelOverdue(
    {
      status: 'pending_confirmation',
      createdAt: trusted({ $lte: new Date(now() - COD_CONFIRM_WITHIN_MS) }),
    },
    'Not confirmed within 30 minutes',
  );

/**
 * Cash on delivery: who may pay at the door, the SMS code that confirms the order, and the
 * cancellation of orders never confirmed. The order's moves themselves go through the lifecycle.
 *
 * Each operation is a module function above, given the deps with the clock settled.
 */
export function createCashOnDelivery(deps: CashOnDeliveryDeps) {
  const ctx: CodContext = { ...deps, now: deps.now ?? Date.now };
  return {
    eligiblePhone: (userId: Types.ObjectId, pin: string, goodsPaise: number, terms: CodConfig) =>
      eligiblePhone(ctx, userId, pin, goodsPaise, terms),
    keepWithinOpenLimit,
    verifiedPhone,
    sendCode: (order: OrderDoc, phone: string) => sendCode(ctx, order, phone),
    confirm: (order: OrderDoc, code: string) => confirm(ctx, order, code),
    cancelUnconfirmed: () => cancelUnconfirmed(ctx),
  };
}

export type CashOnDelivery = ReturnType<typeof createCashOnDelivery>;
