import { createHmac } from 'node:crypto';
import { PROFILE_PAGE_DEFAULT } from '@vanya/contracts';
import type { Invoice } from '@vanya/contracts';
import { Router } from 'express';
import type { Config } from '../../config/env';
import { AppError, notFound } from '../../platform/errors/app-error';
import { signatureMatches } from '../payments/payment-provider';
import { requireSession, sessionUserId } from '../../platform/http/require-auth';
import { handle } from '../../platform/http/contract-route';
import { sendPdf } from '../../platform/pdf';
import { OrderModel } from '../orders/order.model';
import type { OrderDoc } from '../orders/order.model';
import { renderInvoicePdf } from './invoice-pdf';
import { pageForUser } from '../../platform/db/page';
import type { PageQuery } from '../../platform/db/page';
import { trusted } from 'mongoose';
import type { Types } from 'mongoose';

/** Download links live this long: enough to click, too short to share usefully. */
export const INVOICE_LINK_LIFETIME_MS = 30 * 60 * 1000;

function sign(secret: string, orderId: string, exp: number): string {
  return createHmac('sha256', secret).update(`invoice:${orderId}:${exp}`).digest('base64url');
}

export function invoiceLink(secret: string, orderId: string, now = Date.now()): string {
  const exp = Math.floor((now + INVOICE_LINK_LIFETIME_MS) / 1000);
  return `/api/invoices/${orderId}/pdf?exp=${exp}&sig=${sign(secret, orderId, exp)}`;
}

/**
 * A page of the shopper's invoices: their orders that have an invoice number, newest order first,
 * (platform/db/page.ts).
 */
export async function listInvoices(
  secret: string,
  userId: Types.ObjectId,
  page: PageQuery = { limit: PROFILE_PAGE_DEFAULT },
): Promise<Invoice[]> {
  const orders = await pageForUser<OrderDoc>(OrderModel, userId, page, {
    invoiceNumber: trusted({ $ne: null }),
  });
  return orders.map((o) => ({
    _id: String(o._id),
    orderId: String(o._id),
    amount: o.totals.grandTotal ?? 0,
    date: (o.invoiceDate ?? o.paidAt ?? o.createdAt).toISOString(),
    downloadUrl: invoiceLink(secret, String(o._id)),
    invoiceNumber: o.invoiceNumber ?? undefined,
    orderNumber: o.orderNumber,
  }));
}

export function invoicesRoutes(config: Config): Router {
  const router = Router();

  handle(
    router,
    'get /invoices',
    requireSession(config.jwtSecret),
    async (_req, res, { query: page }) => {
      res
        .set('Cache-Control', 'no-store')
        .json(await listInvoices(config.secrets.invoiceLinks, sessionUserId(res), page));
    },
  );

  // Opened in a new tab, so no bearer header: the signature and expiry are the permission.
  handle(
    router,
    'get /invoices/{id}/pdf',
    async (_req, res, { params: { id }, query: { sig, exp } }) => {
      const valid = signatureMatches(
        Buffer.from(sign(config.secrets.invoiceLinks, id, exp), 'base64url').toString('hex'),
        Buffer.from(sig, 'base64url').toString('hex'),
      );
      if (!valid) throw new AppError(403, 'INVALID_SIGNATURE', 'This invoice link is not valid.');
      if (exp * 1000 < Date.now())
        throw new AppError(
          403,
          'LINK_EXPIRED',
          'This invoice link has expired. Open your invoices again for a fresh link.',
        );
      const order = await OrderModel.findById(id).lean<OrderDoc>();
      if (!order?.invoiceNumber) throw notFound('Invoice not found.', 'INVOICE_NOT_FOUND');
      res.set('Cache-Control', 'private, no-store');
      const filename = `Invoice-${order.invoiceNumber.replaceAll('/', '-')}.pdf`;
      sendPdf(res, filename, await renderInvoicePdf(order, config.seller));
    },
  );

  return router;
}
