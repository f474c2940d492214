import { brand } from '@vanya/catalog';
import {
  adminAuditQuerySchema,
  adminMessageQuerySchema,
  adminPackManyBodySchema,
  ownerNoticeSettingsSchema,
  ownerNotificationQuerySchema,
  adminOrderListQuerySchema,
  adminOrderStatusBodySchema,
  adminReturnActionBodySchema,
  adminReturnQuerySchema,
  adminTicketQuerySchema,
  adminTicketReplyBodySchema,
  adminTicketStatusBodySchema,
  gstExportQuerySchema,
  objectIdParamsSchema,
  productParamsSchema,
  stockBodySchema,
} from '@vanya/contracts';
import { Router } from 'express';
import { trusted } from 'mongoose';
import type { Config } from '../../config/env';
import { currentUser } from '../../platform/http/require-auth';
import { requireOwner } from '../../platform/http/require-owner';
import { parsed, validate } from '../../platform/http/validate';
import { sendPdf } from '../../platform/pdf';
import { ContactMessageModel } from '../contact/contact.model';
import { WaitlistSignupModel } from '../waitlist/waitlist.model';
import type { StockService } from '../stock/stock.service';
import { audit } from '../../platform/audit/audit';
import { recentAudit } from './recent-audit';
import type { OwnerNotices } from './owner-notices';
import type { AdminOrders } from './admin-orders.service';
import type { AdminSupport } from './admin-support.service';
import { gstCsv, gstExport, gstPortalJson } from './gst-export';

/** /api/admin: the owner area. Every route answers 401 without a session and 403 for a customer. */
export function adminRoutes(deps: {
  config: Config;
  orders: AdminOrders;
  support: AdminSupport;
  stock: StockService;
  notices: OwnerNotices;
}): Router {
  const { orders, stock, support, notices } = deps;
  const router = Router();
  router.use('/admin', ...requireOwner(deps.config));

  router.get('/admin/summary', async (_req, res) => {
    res.json({ ...(await orders.summary()), lowStock: await stock.lowStock() });
  });

  router.get('/admin/orders', validate(adminOrderListQuerySchema, 'query'), async (_req, res) => {
    res.json(await orders.list(parsed(res, adminOrderListQuerySchema, 'query')));
  });

  router.get('/admin/orders/:id', validate(objectIdParamsSchema, 'params'), async (_req, res) => {
    res.json(await orders.detail(parsed(res, objectIdParamsSchema, 'params').id));
  });

  router.post(
    '/admin/orders/:id/status',
    validate(objectIdParamsSchema, 'params'),
    validate(adminOrderStatusBodySchema),
    async (_req, res) => {
      const { id } = parsed(res, objectIdParamsSchema, 'params');
      res.json(await orders.move(currentUser(res), id, parsed(res, adminOrderStatusBodySchema)));
    },
  );

  router.get('/admin/packing-slips', async (_req, res) => {
    sendPdf(res, 'Packing-slips.pdf', await orders.packingSlips());
  });

  router.post('/admin/packing', validate(adminPackManyBodySchema), async (_req, res) => {
    const { ids } = parsed(res, adminPackManyBodySchema);
    res.json(await orders.packMany(currentUser(res), ids));
  });

  router.get(
    '/admin/orders/:id/packing-slip',
    validate(objectIdParamsSchema, 'params'),
    async (_req, res) => {
      const { orderNumber, pdf } = await orders.packingSlip(
        parsed(res, objectIdParamsSchema, 'params').id,
      );
      sendPdf(res, `Packing-slip-${orderNumber}.pdf`, pdf);
    },
  );

  router.get('/admin/returns', validate(adminReturnQuerySchema, 'query'), async (_req, res) => {
    res.json(await support.listReturns(parsed(res, adminReturnQuerySchema, 'query').status));
  });

  router.post(
    '/admin/returns/:id',
    validate(objectIdParamsSchema, 'params'),
    validate(adminReturnActionBodySchema),
    async (_req, res) => {
      const { id } = parsed(res, objectIdParamsSchema, 'params');
      res.json(
        await support.actOnReturn(currentUser(res), id, parsed(res, adminReturnActionBodySchema)),
      );
    },
  );

  router.get('/admin/tickets', validate(adminTicketQuerySchema, 'query'), async (_req, res) => {
    res.json(await support.listTickets(parsed(res, adminTicketQuerySchema, 'query').status));
  });

  router.post(
    '/admin/tickets/:id/replies',
    validate(objectIdParamsSchema, 'params'),
    validate(adminTicketReplyBodySchema),
    async (_req, res) => {
      const { id } = parsed(res, objectIdParamsSchema, 'params');
      const { message } = parsed(res, adminTicketReplyBodySchema);
      res.status(201).json(await support.reply(currentUser(res), id, message));
    },
  );

  router.post(
    '/admin/tickets/:id/status',
    validate(objectIdParamsSchema, 'params'),
    validate(adminTicketStatusBodySchema),
    async (_req, res) => {
      const { id } = parsed(res, objectIdParamsSchema, 'params');
      const { status } = parsed(res, adminTicketStatusBodySchema);
      res.json(await support.setTicketStatus(currentUser(res), id, status));
    },
  );

  router.get('/admin/messages', validate(adminMessageQuerySchema, 'query'), async (_req, res) => {
    const { status } = parsed(res, adminMessageQuerySchema, 'query');
    // Unread: what the dashboard counts (readAt null), so its tile opens exactly those.
    const filter = status === 'unread' ? { readAt: null } : {};
    const rows = await ContactMessageModel.find(filter).sort({ createdAt: -1 }).limit(100).lean<
      {
        _id: unknown;
        name: string;
        email: string;
        subject: string;
        message: string;
        createdAt: Date;
        readAt: Date | null;
      }[]
    >();
    const unread = rows.filter((r) => !r.readAt).map((r) => r._id);
    if (unread.length)
      await ContactMessageModel.updateMany(
        { _id: trusted({ $in: unread }) },
        { $set: { readAt: new Date() } },
      );
    res.json(
      rows.map((r) => ({
        _id: String(r._id),
        name: r.name,
        email: r.email,
        subject: r.subject,
        message: r.message,
        createdAt: r.createdAt.toISOString(),
        unread: !r.readAt,
      })),
    );
  });

  router.put(
    '/admin/products/:id/stock',
    validate(productParamsSchema, 'params'),
    validate(stockBodySchema),
    async (_req, res) => {
      const { id } = parsed(res, productParamsSchema, 'params');
      const { inStock } = parsed(res, stockBodySchema);
      const result = await stock.set(id, inStock);
      await audit(currentUser(res), inStock ? 'stock.in' : 'stock.out', id);
      res.json(result);
    },
  );

  router.get('/admin/gst', validate(gstExportQuerySchema, 'query'), async (_req, res) => {
    const { from, to, format } = parsed(res, gstExportQuerySchema, 'query');
    const report = await gstExport(from, to);
    if (format === 'csv')
      res
        .type('text/csv')
        .set('Content-Disposition', `attachment; filename="GSTR-1-${from}-to-${to}.csv"`)
        .send(gstCsv(report));
    else if (format === 'portal')
      res
        .set('Content-Disposition', `attachment; filename="GSTR-1-${from}-to-${to}.json"`)
        .json(gstPortalJson(report, deps.config.seller.gstin, brand.sellerState));
    else res.json(report);
  });

  router.get('/admin/waitlist', async (_req, res) => {
    const rows = await WaitlistSignupModel.find({})
      .sort({ createdAt: -1, _id: 1 })
      .lean<{ _id: string; name: string; createdAt: Date }[]>();
    res.json(
      rows.map((r) => ({ email: r._id, name: r.name, createdAt: r.createdAt.toISOString() })),
    );
  });

  router.get(
    '/admin/notifications',
    validate(ownerNotificationQuerySchema, 'query'),
    async (_req, res) => {
      res.json(await notices.list(parsed(res, ownerNotificationQuerySchema, 'query').limit));
    },
  );

  router.post('/admin/notifications/read', async (_req, res) => {
    await notices.markAllRead();
    res.json(await notices.list(30));
  });

  router.post(
    '/admin/notifications/:id/read',
    validate(objectIdParamsSchema, 'params'),
    async (_req, res) => {
      res.json(await notices.markRead(parsed(res, objectIdParamsSchema, 'params').id));
    },
  );

  router.get('/admin/settings/notifications', async (_req, res) => {
    res.json(await notices.settings());
  });

  router.put(
    '/admin/settings/notifications',
    validate(ownerNoticeSettingsSchema),
    async (_req, res) => {
      const next = parsed(res, ownerNoticeSettingsSchema);
      const saved = await notices.update(next);
      await audit(currentUser(res), 'settings.notifications', 'notifications', { ...next });
      res.json(saved);
    },
  );

  router.get('/admin/audit', validate(adminAuditQuerySchema, 'query'), async (_req, res) => {
    res.json(await recentAudit(parsed(res, adminAuditQuerySchema, 'query')));
  });

  return router;
}
