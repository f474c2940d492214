import { LIMITS } from '@vanya/catalog';
import { PROFILE_MESSAGES, PROFILE_PAGE_DEFAULT } from '@vanya/contracts';
import type { ReturnRequest } from '@vanya/contracts';
import { Router } from 'express';
import type { Types } from 'mongoose';
import type { Config } from '../../config/env';
import type { OwnerNotices } from '../admin/owner-notices';
import { conflict } from '../../platform/errors/app-error';
import { requireSession, sessionUserId } from '../../platform/http/require-auth';
import { handle } from '../../platform/http/contract-route';
import { ownOrder } from '../orders/orders.service';
import { pageForUser } from '../../platform/db/page';
import type { PageQuery } from '../../platform/db/page';
import { isDuplicateKey } from '../../platform/db/duplicate-key';
import { ReturnModel, toReturnView } from './return.model';
import type { ReturnDoc } from './return.model';

const RETURNABLE = ['paid', 'shipped', 'delivered'];

/** A page of the shopper's returns, newest first. */
export async function listReturns(
  userId: Types.ObjectId,
  page: PageQuery = { limit: PROFILE_PAGE_DEFAULT },
): Promise<ReturnRequest[]> {
  const rows = await pageForUser<ReturnDoc>(ReturnModel, userId, page);
  return rows.map(toReturnView);
}

export function returnsRoutes(config: Config, notices?: OwnerNotices): Router {
  const router = Router();
  const auth = requireSession(config.jwtSecret);

  handle(router, 'get /returns', auth, async (_req, res, { query: page }) => {
    res.set('Cache-Control', 'no-store').json(await listReturns(sessionUserId(res), page));
  });

  /** 'Initiate a Return': a paid order of this user, within 30 days of delivery (or payment), one open return at a time. */
  handle(router, 'post /returns', auth, async (_req, res, { body }) => {
    const userId = sessionUserId(res);
    const order = await ownOrder(userId, body.orderId);
    if (!RETURNABLE.includes(order.status)) {
      throw conflict(
        `${PROFILE_MESSAGES.returnNotAllowed} Only paid orders can be returned.`,
        'RETURN_NOT_ALLOWED',
      );
    }
    const since = order.deliveredAt ?? order.paidAt ?? order.createdAt;
    if (Date.now() - since.getTime() > LIMITS.returnWindowMs) {
      throw conflict(
        `${PROFILE_MESSAGES.returnNotAllowed} The ${LIMITS.returnWindowDays}-day return window has passed.`,
        'RETURN_WINDOW_PASSED',
      );
    }
    try {
      const created = await ReturnModel.create({
        userId,
        orderId: order._id,
        orderNumber: order.orderNumber,
        refundAmount: order.totals.grandTotal ?? 0,
        method: body.method,
        reason: body.reason,
        openKey: String(order._id),
      });
      notices?.returnRequested(created);
      res.status(201).json(toReturnView(created.toObject() as ReturnDoc));
    } catch (err) {
      if (isDuplicateKey(err)) {
        throw conflict(
          `${PROFILE_MESSAGES.returnNotAllowed} A return for it is already open.`,
          'RETURN_ALREADY_OPEN',
        );
      }
      throw err;
    }
  });

  return router;
}
