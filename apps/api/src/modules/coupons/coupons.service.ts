import { couponDiscountFor } from '@vanya/catalog';
import { COUPON_MESSAGES } from '@vanya/contracts';
import type { Coupon, CouponInput } from '@vanya/contracts';
import { trusted } from 'mongoose';
import type { Types } from 'mongoose';
import { isDuplicateKey } from '../../platform/db/duplicate-key';
import { AppError, conflict, notFound } from '../../platform/errors/app-error';
import { CouponCustomerModel, CouponModel, CouponUseModel } from './coupon.model';
import type { CouponDoc, CouponUseDoc } from './coupon.model';

export function toCouponView(c: CouponDoc): Coupon {
  return {
    code: c._id,
    kind: c.kind,
    value: c.value,
    minOrder: c.minOrder,
    maxDiscount: c.maxDiscount ?? null,
    startsAt: c.startsAt ? c.startsAt.toISOString() : null,
    endsAt: c.endsAt ? c.endsAt.toISOString() : null,
    usageLimit: c.usageLimit ?? null,
    perCustomerLimit: c.perCustomerLimit,
    active: c.active,
    used: c.used,
    createdAt: (c as { createdAt?: Date }).createdAt?.toISOString() ?? new Date(0).toISOString(),
  };
}

const customerKey = (code: string, userId: Types.ObjectId) => `${code}:${String(userId)}`;

/** What the coupons' operations share: the clock. */
interface CouponsDeps {
  now: () => number;
}

async function live({ now }: CouponsDeps, code: string): Promise<CouponDoc> {
  const coupon = await CouponModel.findById(code).lean<CouponDoc>();
  if (!coupon) throw notFound(COUPON_MESSAGES.unknown, 'COUPON_UNKNOWN');
  const at = now();
  if (!coupon.active) throw conflict(COUPON_MESSAGES.paused, 'COUPON_PAUSED');
  const { startsAt, endsAt } = coupon;
  if (startsAt && startsAt.getTime() > at)
    throw conflict(COUPON_MESSAGES.notStarted(startsAt), 'COUPON_NOT_STARTED', {
      startsAt: startsAt.toISOString(),
    });
  if (endsAt && endsAt.getTime() <= at)
    throw conflict(COUPON_MESSAGES.expired(endsAt), 'COUPON_EXPIRED', {
      endsAt: endsAt.toISOString(),
    });
  return coupon;
}

function discountOn(coupon: CouponDoc, goodsTotal: number): number {
  if (goodsTotal < coupon.minOrder) {
    const shortBy = coupon.minOrder - goodsTotal;
    throw conflict(COUPON_MESSAGES.minOrder(coupon.minOrder, shortBy), 'COUPON_MIN_ORDER', {
      minOrder: coupon.minOrder,
      shortBy,
    });
  }
  return couponDiscountFor(coupon, goodsTotal);
}

async function giveBackCustomer(code: string, userId: Types.ObjectId) {
  await CouponCustomerModel.updateOne(
    { _id: customerKey(code, userId), used: trusted({ $gt: 0 }) },
    { $inc: { used: -1 } },
  );
}

/**
 * What the coupon takes off goods worth `goodsTotal`, without taking a use; throws the reason
 * it does not apply (404 COUPON_UNKNOWN, 409 COUPON_PAUSED / NOT_STARTED / EXPIRED /
 * MIN_ORDER / USED_UP / ALREADY_USED, the last only when the shopper is known).
 */
async function quote(
  deps: CouponsDeps,
  code: string,
  userId: Types.ObjectId | undefined,
  goodsTotal: number,
) {
  const coupon = await live(deps, code);
  const discount = discountOn(coupon, goodsTotal);
  if (coupon.remaining !== null && coupon.remaining !== undefined && coupon.remaining <= 0)
    throw conflict(COUPON_MESSAGES.usedUp, 'COUPON_USED_UP');
  if (userId) {
    const mine = await CouponCustomerModel.findById(customerKey(code, userId)).lean();
    if (mine && mine.used >= coupon.perCustomerLimit)
      throw conflict(COUPON_MESSAGES.alreadyUsed, 'COUPON_ALREADY_USED');
  }
  return { coupon: toCouponView(coupon), discount };
}

/**
 * Takes one use for the order `orderId` (before the order is stored): the shopper's own count
 * first, then the coupon's, each a guarded `$inc`; a refusal gives back what was taken.
 */
async function take(
  deps: CouponsDeps,
  code: string,
  userId: Types.ObjectId,
  orderId: Types.ObjectId,
  goodsTotal: number,
): Promise<{ discount: number }> {
  const coupon = await live(deps, code);
  const discount = discountOn(coupon, goodsTotal);
  try {
    // Upserted when the shopper has none yet; an existing count at the limit fails the filter,
    // and the upsert's insert then hits the _id: a duplicate key means "at the limit".
    await CouponCustomerModel.updateOne(
      { _id: customerKey(code, userId), used: trusted({ $lt: coupon.perCustomerLimit }) },
      { $inc: { used: 1 } },
      { upsert: true },
    );
  } catch (err) {
    if (isDuplicateKey(err)) throw conflict(COUPON_MESSAGES.alreadyUsed, 'COUPON_ALREADY_USED');
    throw err;
  }
  const taken = await CouponModel.updateOne(
    coupon.usageLimit == null
      ? { _id: code, usageLimit: null }
      : { _id: code, remaining: trusted({ $gt: 0 }) },
    { $inc: { used: 1, ...(coupon.usageLimit == null ? {} : { remaining: -1 }) } },
  );
  if (taken.modifiedCount !== 1) {
    await giveBackCustomer(code, userId);
    throw conflict(COUPON_MESSAGES.usedUp, 'COUPON_USED_UP');
  }
  await CouponUseModel.create({ _id: orderId, code, userId, discount, at: new Date(deps.now()) });
  return { discount };
}

/**
 * Gives back the use the order took, once, however often it is called (an order never paid
 * or confirmed, or one whose placing failed after the use was taken). No-op without a use.
 */
async function giveBack({ now }: CouponsDeps, orderId: Types.ObjectId): Promise<void> {
  const use = await CouponUseModel.findOneAndUpdate(
    { _id: orderId, givenBackAt: null },
    { $set: { givenBackAt: new Date(now()) } },
  ).lean<CouponUseDoc>();
  if (!use) return;
  const coupon = await CouponModel.findById(use.code).lean<CouponDoc>();
  await CouponModel.updateOne(
    { _id: use.code },
    { $inc: { used: -1, ...(coupon?.usageLimit == null ? {} : { remaining: 1 }) } },
  );
  await giveBackCustomer(use.code, use.userId);
}

async function list(): Promise<Coupon[]> {
  const coupons = await CouponModel.find().sort({ createdAt: -1, _id: -1 }).lean<CouponDoc[]>();
  return coupons.map(toCouponView);
}

async function get(code: string): Promise<Coupon> {
  const coupon = await CouponModel.findById(code).lean<CouponDoc>();
  if (!coupon) throw notFound(COUPON_MESSAGES.unknown, 'COUPON_UNKNOWN');
  return toCouponView(coupon);
}

/** A coupon's uses, newest first (with the order each belongs to). */
async function uses(code: string, limit = 100): Promise<CouponUseDoc[]> {
  return CouponUseModel.find({ code }).sort({ at: -1 }).limit(limit).lean<CouponUseDoc[]>();
}

/** 409 COUPON_EXISTS when the code is taken. */
async function create(input: CouponInput): Promise<Coupon> {
  try {
    const doc = await CouponModel.create({
      ...fieldsOf(input),
      _id: input.code,
      remaining: input.usageLimit ?? null,
      used: 0,
    });
    return toCouponView(doc.toObject() as CouponDoc);
  } catch (err) {
    if (isDuplicateKey(err))
      throw conflict(`A coupon ${input.code} exists already.`, 'COUPON_EXISTS');
    throw err;
  }
}

/**
 * Edits a coupon (its code stays). A new usage limit moves `remaining` by the difference, in
 * the same update guarded on the limit read, so uses taken meanwhile are never lost; a limit
 * below the uses already taken is refused (400 COUPON_LIMIT_BELOW_USES).
 */
async function update(code: string, input: CouponInput): Promise<Coupon> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const current = await CouponModel.findById(code).lean<CouponDoc>();
    if (!current) throw notFound(COUPON_MESSAGES.unknown, 'COUPON_UNKNOWN');
    const limit = input.usageLimit ?? null;
    if (limit !== null && limit < current.used)
      throw new AppError(
        400,
        'COUPON_LIMIT_BELOW_USES',
        `This coupon has been used ${current.used} times already; its limit cannot be lower.`,
      );
    const oldLimit = current.usageLimit ?? null;
    const remainingChange =
      limit === null
        ? { $set: { remaining: null } }
        : oldLimit === null
          ? null // from unlimited: set below from `used`, guarded on it
          : { $inc: { remaining: limit - oldLimit } };
    const filter = {
      _id: code,
      usageLimit: oldLimit,
      ...(remainingChange === null ? { used: current.used } : {}),
    };
    const set = {
      ...fieldsOf(input),
      ...(remainingChange === null ? { remaining: limit! - current.used } : {}),
    };
    const updated = await CouponModel.findOneAndUpdate(
      filter,
      remainingChange && '$inc' in remainingChange
        ? { $set: set, $inc: remainingChange.$inc }
        : { $set: { ...set, ...(remainingChange?.$set ?? {}) } },
      { returnDocument: 'after' },
    ).lean<CouponDoc>();
    if (updated) return toCouponView(updated);
  }
  throw conflict('The coupon is changing under many orders; please try again.', 'COUPON_BUSY');
}

/**
 * Coupons: the owner's rules, the shopper's check, and the uses orders take and give back. Every
 * limit is a guarded `$inc` on one document, so it holds under any number of simultaneous orders.
 *
 * Each operation is a module function above, given the clock where it needs one.
 */
export function createCoupons({ now = Date.now }: { now?: () => number } = {}) {
  const deps: CouponsDeps = { now };
  return {
    quote: (code: string, userId: Types.ObjectId | undefined, goodsTotal: number) =>
      quote(deps, code, userId, goodsTotal),
    take: (code: string, userId: Types.ObjectId, orderId: Types.ObjectId, goodsTotal: number) =>
      take(deps, code, userId, orderId, goodsTotal),
    giveBack: (orderId: Types.ObjectId) => giveBack(deps, orderId),
    list,
    get,
    uses,
    create,
    update,
  };
}

function fieldsOf(input: CouponInput) {
  return {
    kind: input.kind,
    value: input.value,
    minOrder: input.minOrder,
    maxDiscount: input.maxDiscount ?? null,
    startsAt: input.startsAt ? new Date(input.startsAt) : null,
    endsAt: input.endsAt ? new Date(input.endsAt) : null,
    usageLimit: input.usageLimit ?? null,
    perCustomerLimit: input.perCustomerLimit,
    active: input.active,
  };
}

export type Coupons = ReturnType<typeof createCoupons>;
