import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { LIMITS } from '@vanya/catalog';
import { PROFILE_PAGE_DEFAULT, TICKET_ATTACHMENT_FIELD } from '@vanya/contracts';
import type { Ticket } from '@vanya/contracts';
import { Router } from 'express';
import { trusted } from 'mongoose';
import type { Types } from 'mongoose';
import multer from 'multer';
import sharp from 'sharp';
import type { Config } from '../../config/env';
import type { OwnerNotices } from '../admin/owner-notices';
import { AppError, notFound } from '../../platform/errors/app-error';
import { rateLimit, scaledRule } from '../../platform/http/rate-limit';
import { requireSession, sessionUserId } from '../../platform/http/require-auth';
import { handle } from '../../platform/http/contract-route';
import { MAX_INPUT_PIXELS } from '../users/avatar-image';
import { readUpload } from '../../platform/http/upload';
import { pageForUser } from '../../platform/db/page';
import type { PageQuery } from '../../platform/db/page';
import { TicketModel, toTicketView } from './ticket.model';
import type { TicketDoc } from './ticket.model';

export const TICKET_UPLOAD_PREFIX = '/uploads/tickets/';
const INVALID_ATTACHMENT = 'Attach a JPEG, PNG or WebP image, or a PDF.';

const readTicket = (id: Types.ObjectId | string) =>
  TicketModel.findById(id).lean<TicketDoc>().exec();

/** A page of the shopper's tickets, newest first. */
export async function listTickets(
  userId: Types.ObjectId,
  page: PageQuery = { limit: PROFILE_PAGE_DEFAULT },
): Promise<Ticket[]> {
  const rows = await pageForUser<TicketDoc>(TicketModel, userId, page);
  return rows.map(toTicketView);
}

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: LIMITS.attachmentMaxBytes, files: 1, fields: 2 },
  fileFilter: (_req, file, accept) => {
    if (
      file.mimetype === 'application/pdf' ||
      /^image\/(jpeg|png|webp|gif|heic|heif|avif)$/.test(file.mimetype)
    )
      return accept(null, true);
    accept(new AppError(415, 'UNSUPPORTED_MEDIA', INVALID_ATTACHMENT));
  },
}).single(TICKET_ATTACHMENT_FIELD);

/** Images are decoded and re-encoded (metadata gone, size capped); a PDF must be one. */
async function storeAttachment(uploadDir: string, file: Express.Multer.File): Promise<string> {
  let content: Buffer;
  let extension: string;
  if (file.mimetype === 'application/pdf') {
    if (!file.buffer.subarray(0, 5).equals(Buffer.from('%PDF-')))
      throw new AppError(400, 'INVALID_ATTACHMENT', INVALID_ATTACHMENT);
    content = file.buffer;
    extension = 'pdf';
  } else {
    try {
      content = await sharp(file.buffer, {
        limitInputPixels: MAX_INPUT_PIXELS,
        failOn: 'truncated',
      })
        .rotate()
        .resize(2000, 2000, { fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 85, mozjpeg: true })
        .toBuffer();
    } catch {
      throw new AppError(400, 'INVALID_ATTACHMENT', INVALID_ATTACHMENT);
    }
    extension = 'jpg';
  }
  const dir = path.join(uploadDir, 'tickets');
  await mkdir(dir, { recursive: true });
  const name = `${randomBytes(16).toString('hex')}.${extension}`;
  await writeFile(path.join(dir, name), content, { flag: 'wx' });
  return `${TICKET_UPLOAD_PREFIX}${name}`;
}

export function ticketsRoutes(config: Config, notices?: OwnerNotices): Router {
  const router = Router();
  const auth = requireSession(config.jwtSecret);

  handle(router, 'get /tickets', auth, async (_req, res, { query: page }) => {
    res.set('Cache-Control', 'no-store').json(await listTickets(sessionUserId(res), page));
  });

  /** The shopper's own ticket, or 404 exactly like a missing one. */
  const ownTicket = async (id: string, userId: Types.ObjectId) => {
    const ticket = await readTicket(id);
    if (!ticket || !ticket.userId.equals(userId))
      throw notFound('Ticket not found.', 'TICKET_NOT_FOUND');
    return ticket;
  };

  handle(router, 'get /tickets/{id}', auth, async (_req, res, { params: { id } }) => {
    const ticket = await ownTicket(id, sessionUserId(res));
    res.set('Cache-Control', 'no-store').json(toTicketView(ticket));
  });

  // The shopper answers in the thread (the owners are told); a closed ticket takes no more.
  handle(
    router,
    'post /tickets/{id}/replies',
    auth,
    rateLimit(scaledRule(config.rateLimitScale, 'ticket-replies', 30, 60 * 60 * 1000)),
    async (_req, res, { params: { id }, body: { message } }) => {
      const ticket = await ownTicket(id, sessionUserId(res));
      const updated = await TicketModel.findOneAndUpdate(
        { _id: ticket._id, status: trusted({ $ne: 'closed' }) },
        { $push: { replies: { by: 'shopper', message, at: new Date() } } },
        { returnDocument: 'after' },
      ).lean<TicketDoc>();
      if (!updated)
        throw new AppError(409, 'TICKET_CLOSED', 'This ticket is closed. Please open a new one.');
      notices?.ticketReplied(updated._id, updated.replies?.length ?? 0, message);
      res.json(toTicketView(updated));
    },
  );

  handle(router, 'post /tickets/{id}/close', auth, async (_req, res, { params: { id } }) => {
    const ticket = await ownTicket(id, sessionUserId(res));
    const updated = await TicketModel.findOneAndUpdate(
      { _id: ticket._id },
      { $set: { status: 'closed' } },
      { returnDocument: 'after' },
    ).lean<TicketDoc>();
    res.json(toTicketView(updated ?? ticket));
  });

  handle(
    router,
    'post /tickets',
    auth,
    rateLimit(scaledRule(config.rateLimitScale, 'tickets', 10, 60 * 60 * 1000)),
    readUpload(upload),
    async (req, res, { body: { message } }) => {
      const attachment = req.file ? await storeAttachment(config.uploadDir, req.file) : null;
      const userId = sessionUserId(res);
      const created = await TicketModel.create({
        userId,
        message,
        attachment,
      });
      notices?.ticketOpened(created);
      res.status(201).json(toTicketView(created.toObject() as TicketDoc));
    },
  );

  return router;
}
