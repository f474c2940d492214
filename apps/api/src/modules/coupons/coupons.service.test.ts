import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import { AppError } from '../../platform/errors/app-error';
import { CouponModel } from './coupon.model';
import { createCoupons } from './coupons.service';

const DAY = 24 * 60 * 60 * 1000;

describe('coupon uses under concurrency', () => {
  let t: TestApp;
  let clock = Date.parse('2026-11-20T10:00:00Z');
  const coupons = createCoupons({ now: () => clock });
  const codeOf = (p: Promise<unknown>) =>
    p.then(
      () => 'taken',
      (err: unknown) => (err instanceof AppError ? err.code : String(err)),
    );

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives a 5-use coupon to exactly 5 of 20 shoppers racing, and a use back exactly once', async () => {
    await coupons.create({
      code: 'FIVEONLY',
      kind: 'percent',
      value: 10,
      minOrder: 0,
      usageLimit: 5,
      perCustomerLimit: 1,
      active: true,
    });
    const orders = Array.from({ length: 20 }, () => new Types.ObjectId());
    const results = await Promise.all(
      orders.map((orderId) =>
        codeOf(coupons.take('FIVEONLY', new Types.ObjectId(), orderId, 50_000)),
      ),
    );
    expect(results.filter((r) => r === 'taken')).toHaveLength(5);
    expect(results.filter((r) => r === 'COUPON_USED_UP')).toHaveLength(15);
    expect(await coupons.get('FIVEONLY')).toMatchObject({ used: 5, usageLimit: 5 });

    const winner = orders[results.indexOf('taken')]!;
    await Promise.all([
      coupons.giveBack(winner),
      coupons.giveBack(winner),
      coupons.giveBack(winner),
    ]);
    expect((await coupons.get('FIVEONLY')).used).toBe(4);
    expect(
      await codeOf(coupons.take('FIVEONLY', new Types.ObjectId(), new Types.ObjectId(), 50_000)),
    ).toBe('taken');
    expect((await CouponModel.findById('FIVEONLY').lean())?.remaining).toBe(0);
  });

  it('lets one shopper use a coupon once, even with two orders at the same moment', async () => {
    await coupons.create({
      code: 'ONCEEACH',
      kind: 'flat',
      value: 5_000,
      minOrder: 0,
      perCustomerLimit: 1,
      active: true,
    });
    const shopper = new Types.ObjectId();
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        codeOf(coupons.take('ONCEEACH', shopper, new Types.ObjectId(), 50_000)),
      ),
    );
    expect(results.filter((r) => r === 'taken')).toHaveLength(1);
    expect(results.filter((r) => r === 'COUPON_ALREADY_USED')).toHaveLength(5);
    await expect(codeOf(coupons.quote('ONCEEACH', shopper, 50_000))).resolves.toBe(
      'COUPON_ALREADY_USED',
    );
    await expect(coupons.quote('ONCEEACH', new Types.ObjectId(), 50_000)).resolves.toMatchObject({
      discount: 5_000,
    });
  });

  it('says why a coupon does not apply: unknown, not started, ended, paused, below its minimum', async () => {
    await coupons.create({
      code: 'DIWALI26',
      kind: 'percent',
      value: 20,
      minOrder: 100_000,
      maxDiscount: 30_000,
      startsAt: new Date(clock + DAY).toISOString(),
      endsAt: new Date(clock + 3 * DAY).toISOString(),
      perCustomerLimit: 1,
      active: true,
    });
    const someone = new Types.ObjectId();
    await expect(codeOf(coupons.quote('NOSUCH1', someone, 50_000))).resolves.toBe('COUPON_UNKNOWN');
    await expect(codeOf(coupons.quote('DIWALI26', someone, 200_000))).resolves.toBe(
      'COUPON_NOT_STARTED',
    );
    clock += 2 * DAY;
    await expect(codeOf(coupons.quote('DIWALI26', someone, 99_999))).resolves.toBe(
      'COUPON_MIN_ORDER',
    );
    // 20% of ₹2,000 is ₹400, capped at ₹300.
    await expect(coupons.quote('DIWALI26', someone, 200_000)).resolves.toMatchObject({
      discount: 30_000,
    });
    const paused = await coupons.update('DIWALI26', {
      ...(await coupons.get('DIWALI26')),
      active: false,
    });
    expect(paused.active).toBe(false);
    await expect(codeOf(coupons.quote('DIWALI26', someone, 200_000))).resolves.toBe(
      'COUPON_PAUSED',
    );
    clock += 2 * DAY;
    await coupons.update('DIWALI26', { ...(await coupons.get('DIWALI26')), active: true });
    await expect(codeOf(coupons.quote('DIWALI26', someone, 200_000))).resolves.toBe(
      'COUPON_EXPIRED',
    );
  });

  it('moves the uses left with a new limit and refuses one below the uses taken', async () => {
    await coupons.create({
      code: 'LIMITED3',
      kind: 'flat',
      value: 1_000,
      minOrder: 0,
      usageLimit: 3,
      perCustomerLimit: 1,
      active: true,
    });
    for (let i = 0; i < 2; i++)
      await coupons.take('LIMITED3', new Types.ObjectId(), new Types.ObjectId(), 10_000);
    const input = await coupons.get('LIMITED3');
    await expect(codeOf(coupons.update('LIMITED3', { ...input, usageLimit: 1 }))).resolves.toBe(
      'COUPON_LIMIT_BELOW_USES',
    );
    await coupons.update('LIMITED3', { ...input, usageLimit: 4 });
    expect((await CouponModel.findById('LIMITED3').lean())?.remaining).toBe(2);
    await coupons.update('LIMITED3', { ...input, usageLimit: null });
    await coupons.update('LIMITED3', { ...input, usageLimit: 2 });
    expect((await CouponModel.findById('LIMITED3').lean())?.remaining).toBe(0);
    await expect(
      codeOf(coupons.take('LIMITED3', new Types.ObjectId(), new Types.ObjectId(), 10_000)),
    ).resolves.toBe('COUPON_USED_UP');
  });
});
