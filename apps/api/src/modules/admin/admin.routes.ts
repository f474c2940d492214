import { brand } from '@vanya/catalog';
import {
  PRODUCT_PHOTO_FIELD,
  PRODUCT_PHOTO_MAX_BYTES,
  PRODUCT_PHOTO_MESSAGES,
} from '@vanya/contracts';
import { Router } from 'express';
import type { RequestHandler } from 'express';
import multer from 'multer';
import { trusted } from 'mongoose';
import type { Config } from '../../config/env';
import { currentUser } from '../../platform/http/require-auth';
import { requireOwner } from '../../platform/http/require-owner';
import { guardAll, handle } from '../../platform/http/contract-route';
import { readUpload } from '../../platform/http/upload';
import { AppError } from '../../platform/errors/app-error';
import { sendPdf } from '../../platform/pdf';
import { ContactMessageModel } from '../contact/contact.model';
import { WaitlistSignupModel } from '../waitlist/waitlist.model';
import type { CatalogueService } from '../products/catalogue.service';
import type { StockService } from '../stock/stock.service';
import { audit } from '../../platform/audit/audit';
import { recentAudit } from './recent-audit';
import type { OwnerNotices } from './owner-notices';
import type { AdminOrders } from './admin-orders.service';
import type { AdminSupport } from './admin-support.service';
import { gstCsv, gstExport, gstPortalJson } from './gst-export';

interface AdminDeps {
  config: Config;
  orders: AdminOrders;
  support: AdminSupport;
  stock: StockService;
  catalogue: CatalogueService;
  notices: OwnerNotices;
}
type AdminRouting = AdminDeps & { router: Router };

/** /api/admin: the owner area. Every route answers 401 without a session and 403 for a customer. */
export function adminRoutes(deps: AdminDeps): Router {
  const router = Router();
  guardAll(router, '/admin', ...requireOwner(deps.config));
  const routing: AdminRouting = { ...deps, router };
  orderRoutes(routing);
  supportRoutes(routing);
  shopRoutes(routing);
  catalogueRoutes(routing);
  noticeRoutes(routing);
  return router;
}

/** The dashboard's summary, the orders and their packing slips. */
function orderRoutes({ router, orders, stock }: AdminRouting): void {
  handle(router, 'get /admin/summary', async (_req, res) => {
    res.json({ ...(await orders.summary()), lowStock: await stock.lowStock() });
  });

  handle(router, 'get /admin/orders', async (_req, res, { query }) => {
    res.json(await orders.list(query));
  });

  handle(router, 'get /admin/orders/{id}', async (_req, res, { params }) => {
    res.json(await orders.detail(params.id));
  });

  handle(router, 'post /admin/orders/{id}/status', async (_req, res, { params: { id }, body }) => {
    res.json(await orders.move(currentUser(res), id, body));
  });

  handle(router, 'get /admin/packing-slips', async (_req, res) => {
    sendPdf(res, 'Packing-slips.pdf', await orders.packingSlips());
  });

  handle(router, 'post /admin/packing', async (_req, res, { body: { ids } }) => {
    res.json(await orders.packMany(currentUser(res), ids));
  });

  handle(router, 'get /admin/orders/{id}/packing-slip', async (_req, res, { params }) => {
    const { orderNumber, pdf } = await orders.packingSlip(params.id);
    sendPdf(res, `Packing-slip-${orderNumber}.pdf`, pdf);
  });
}

/** Returns, tickets and the contact form's messages. */
function supportRoutes({ router, support }: AdminRouting): void {
  handle(router, 'get /admin/returns', async (_req, res, { query }) => {
    res.json(await support.listReturns(query.status));
  });

  handle(router, 'post /admin/returns/{id}', async (_req, res, { params: { id }, body }) => {
    res.json(await support.actOnReturn(currentUser(res), id, body));
  });

  handle(router, 'get /admin/tickets', async (_req, res, { query }) => {
    res.json(await support.listTickets(query.status));
  });

  handle(
    router,
    'post /admin/tickets/{id}/replies',
    async (_req, res, { params: { id }, body: { message } }) => {
      res.status(201).json(await support.reply(currentUser(res), id, message));
    },
  );

  handle(
    router,
    'post /admin/tickets/{id}/status',
    async (_req, res, { params: { id }, body: { status } }) => {
      res.json(await support.setTicketStatus(currentUser(res), id, status));
    },
  );

  handle(router, 'get /admin/messages', async (_req, res, { query: { status } }) => {
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
}

/** The stock switches, the GST export and the waitlist. */
function shopRoutes({ router, config, stock }: AdminRouting): void {
  handle(
    router,
    'put /admin/products/{id}/stock',
    async (_req, res, { params: { id }, body: { inStock } }) => {
      const result = await stock.set(id, inStock);
      await audit(currentUser(res), inStock ? 'stock.in' : 'stock.out', id);
      res.json(result);
    },
  );

  handle(router, 'get /admin/gst', async (_req, res, { query: { from, to, format } }) => {
    const report = await gstExport(from, to);
    if (format === 'csv')
      res
        .type('text/csv')
        .set('Content-Disposition', `attachment; filename="GSTR-1-${from}-to-${to}.csv"`)
        .send(gstCsv(report));
    else if (format === 'portal')
      res
        .set('Content-Disposition', `attachment; filename="GSTR-1-${from}-to-${to}.json"`)
        .json(gstPortalJson(report, config.seller.gstin, brand.sellerState));
    else res.json(report);
  });

  handle(router, 'get /admin/waitlist', async (_req, res) => {
    const rows = await WaitlistSignupModel.find({})
      .sort({ createdAt: -1, _id: 1 })
      .lean<{ _id: string; name: string; createdAt: Date }[]>();
    res.json(
      rows.map((r) => ({ email: r._id, name: r.name, createdAt: r.createdAt.toISOString() })),
    );
  });
}

/** The owner's products: the list, and a change to one (sold so at once here, within 5 s elsewhere). */
function catalogueRoutes({ router, catalogue, stock }: AdminRouting): void {
  handle(router, 'get /admin/products', async (_req, res) => {
    res.json(await catalogue.ownerList());
  });

  handle(router, 'post /admin/products', async (_req, res, { body }) => {
    const owner = currentUser(res);
    const product = await catalogue.create(body, (id, units) =>
      stock.open(id, units, owner.email || String(owner._id)),
    );
    stock.forget();
    await audit(owner, 'product.create', product.id, { ...body });
    res.status(201).json(product);
  });

  handle(router, 'post /admin/products/{id}/duplicate', async (_req, res, { params: { id } }) => {
    const owner = currentUser(res);
    const product = await catalogue.duplicate(id, (copy, units) =>
      stock.open(copy, units, owner.email || String(owner._id)),
    );
    stock.forget();
    await audit(owner, 'product.duplicate', product.id, { from: id });
    res.status(201).json(product);
  });

  handle(router, 'put /admin/products/{id}', async (_req, res, { params: { id }, body }) => {
    const product = await catalogue.edit(id, body);
    stock.forget();
    await audit(currentUser(res), 'product.update', id, { ...body });
    res.json(product);
  });

  handle(router, 'post /admin/products/{id}/photos', readPhoto, async (req, res, { params }) => {
    if (!req.file) throw new AppError(400, 'INVALID_IMAGE', PRODUCT_PHOTO_MESSAGES.missing);
    const { product, image } = await catalogue.addPhoto(params.id, req.file.buffer);
    stock.forget();
    await audit(currentUser(res), 'product.photo', params.id, { image });
    res.json(product);
  });
}

const photoUpload = readUpload(
  multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: PRODUCT_PHOTO_MAX_BYTES, files: 1, fields: 0, parts: 1 },
    fileFilter: (_req, file, accept) => {
      if (/^image\/(jpeg|png|webp|gif|avif|heic|heif)$/.test(file.mimetype))
        return accept(null, true);
      accept(new AppError(415, 'UNSUPPORTED_MEDIA', PRODUCT_PHOTO_MESSAGES.invalidImage));
    },
  }).single(PRODUCT_PHOTO_FIELD),
);

/** Reads the owner's photo into memory; one past the size limit is 413 in the owner's words. */
const readPhoto: RequestHandler = (req, res, next) =>
  photoUpload(req, res, (err?: unknown) =>
    next(
      (err as { code?: string } | undefined)?.code === 'LIMIT_FILE_SIZE'
        ? new AppError(413, 'PAYLOAD_TOO_LARGE', PRODUCT_PHOTO_MESSAGES.tooLarge)
        : err,
    ),
  );

/** The owner's notifications, their settings and the audit log. */
function noticeRoutes({ router, notices }: AdminRouting): void {
  handle(router, 'get /admin/notifications', async (_req, res, { query }) => {
    res.json(await notices.list(query.limit));
  });

  handle(router, 'post /admin/notifications/read', async (_req, res) => {
    await notices.markAllRead();
    res.json(await notices.list(30));
  });

  handle(router, 'post /admin/notifications/{id}/read', async (_req, res, { params }) => {
    res.json(await notices.markRead(params.id));
  });

  handle(router, 'get /admin/settings/notifications', async (_req, res) => {
    res.json(await notices.settings());
  });

  handle(router, 'put /admin/settings/notifications', async (_req, res, { body: next }) => {
    const saved = await notices.update(next);
    await audit(currentUser(res), 'settings.notifications', 'notifications', { ...next });
    res.json(saved);
  });

  handle(router, 'get /admin/audit', async (_req, res, { query }) => {
    res.json(await recentAudit(query));
  });
}
