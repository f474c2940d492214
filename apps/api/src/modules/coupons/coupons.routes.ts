import { priceCart, shippingPolicyOf } from '@vanya/catalog';
import type { Catalogue } from '@vanya/catalog';
import type { CouponCheckResponse, CouponUse } from '@vanya/contracts';
import { Router } from 'express';
import { trusted } from 'mongoose';
import type { Config } from '../../config/env';
import { badRequest } from '../../platform/errors/app-error';
import { rateLimit, scaledRule } from '../../platform/http/rate-limit';
import { currentUser, maybeUser, optionalAuth } from '../../platform/http/require-auth';
import { requireOwner } from '../../platform/http/require-owner';
import { guardAll, handle } from '../../platform/http/contract-route';
import { audit } from '../../platform/audit/audit';
import { OrderModel } from '../orders/order.model';
import { assertPayable, lineView, totalsView } from '../orders/orders.service';
import type { ShopSettingsStore } from '../settings/shop-settings.service';
import type { Coupons } from './coupons.service';

const MINUTE = 60 * 1000;

/**
 * The owner's coupons (/api/admin/coupons, behind the owner guard, every change audited) and the
 * shopper's check of a code against a cart (/api/coupons/check), priced with the owner's shop
 * settings (the free-shipping threshold) as the order will be.
 */
export function couponsRoutes(
  config: Config,
  coupons: Coupons,
  settings: ShopSettingsStore,
  catalogue: () => Promise<Catalogue>,
): Router {
  const router = Router();

  guardAll(router, '/admin/coupons', ...requireOwner(config));

  handle(router, 'get /admin/coupons', async (_req, res) => {
    res.json(await coupons.list());
  });

  handle(router, 'post /admin/coupons', async (_req, res, { body: input }) => {
    const coupon = await coupons.create(input);
    await audit(currentUser(res), 'coupon.create', coupon.code, { ...input });
    res.status(201).json(coupon);
  });

  handle(
    router,
    'put /admin/coupons/{code}',
    async (_req, res, { params: { code }, body: input }) => {
      // A code is what shoppers were given: renaming would orphan its uses, so it never changes.
      if (input.code !== code)
        throw badRequest(`A coupon's code cannot change (${code}).`, 'COUPON_CODE_MISMATCH');
      const before = await coupons.get(code);
      const coupon = await coupons.update(code, input);
      const action =
        before.active === coupon.active
          ? 'coupon.update'
          : coupon.active
            ? 'coupon.resume'
            : 'coupon.pause';
      await audit(currentUser(res), action, code, { ...input });
      res.json(coupon);
    },
  );

  handle(router, 'get /admin/coupons/{code}/uses', async (_req, res, { params: { code } }) => {
    await coupons.get(code); // 404 for an unknown code rather than an empty list
    const uses = await coupons.uses(code);
    const orders = await OrderModel.find(
      { _id: trusted({ $in: uses.map((u) => u._id) }) },
      { orderNumber: 1, status: 1 },
    ).lean<{ _id: unknown; orderNumber: string; status: CouponUse['status'] }[]>();
    const byId = new Map(orders.map((o) => [String(o._id), o]));
    const body: CouponUse[] = uses.map((use) => {
      const order = byId.get(String(use._id));
      return {
        orderId: String(use._id),
        orderNumber: order?.orderNumber ?? null,
        status: order?.status ?? null,
        discount: use.discount,
        at: use.at.toISOString(),
        givenBackAt: use.givenBackAt ? use.givenBackAt.toISOString() : null,
      };
    });
    res.json(body);
  });

  // Per client, so a code cannot be guessed by trying many: 20 a minute is plenty for a person.
  handle(
    router,
    'post /coupons/check',
    rateLimit(scaledRule(config.rateLimitScale, 'coupon-check', 20, MINUTE)),
    optionalAuth(config.jwtSecret),
    async (_req, res, { body: { code, items, deliveryState } }) => {
      const shippingPolicy = shippingPolicyOf(await settings.read());
      const prices = { deliveryState, shippingPolicy, catalogue: await catalogue() };
      const goods = priceCart(items, prices);
      const { coupon, discount } = await coupons.quote(code, maybeUser(res)?._id, goods.itemsTotal);
      const { lines, supply, ...totals } = priceCart(items, {
        ...prices,
        couponDiscount: discount,
      });
      assertPayable(totals.grandTotal);
      const body: CouponCheckResponse = {
        coupon: {
          code: coupon.code,
          kind: coupon.kind,
          value: coupon.value,
          maxDiscount: coupon.maxDiscount,
          minOrder: coupon.minOrder,
        },
        totals: totalsView(totals),
        lines: lines.map(lineView),
        supply,
      };
      res.set('Cache-Control', 'no-store').json(body);
    },
  );

  return router;
}
