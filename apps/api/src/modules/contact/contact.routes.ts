import { brand } from '@vanya/catalog';
import { CONTACT_MESSAGES, CONTACT_SUBJECTS } from '@vanya/contracts';
import { Router } from 'express';
import type { Config } from '../../config/env';
import { rateLimit, scaledRule } from '../../platform/http/rate-limit';
import { handle } from '../../platform/http/contract-route';
import type { Logger } from '../../platform/logger';
import type { Mailer } from '../mail/mailer';
import { escapeHtml, layout } from '../mail/templates';
import { ContactMessageModel } from './contact.model';

/** POST /contact: stored first (so nothing is lost), then mailed to the support mailbox. */
export function contactRoutes(config: Config, mailer: Mailer, logger: Logger): Router {
  const router = Router();
  handle(
    router,
    'post /contact',
    rateLimit(scaledRule(config.rateLimitScale, 'contact', 10, 60 * 60 * 1000)),
    async (_req, res, { body }) => {
      const saved = await ContactMessageModel.create(body);
      const label = CONTACT_SUBJECTS.find((s) => s.value === body.subject)?.label ?? body.subject;
      const subject = `[Contact] ${label} from ${body.name}`;
      try {
        await mailer.send({
          to: brand.supportEmail,
          replyTo: body.email,
          subject,
          text: `${body.name} <${body.email}> wrote (${label}):\n\n${body.message}`,
          html: layout(
            subject,
            `<p><strong>${escapeHtml(body.name)}</strong> &lt;${escapeHtml(body.email)}&gt; wrote (${escapeHtml(label)}):</p><p style="white-space:pre-wrap">${escapeHtml(body.message)}</p>`,
          ),
        });
        await ContactMessageModel.updateOne({ _id: saved._id }, { $set: { mailedAt: new Date() } });
      } catch (err) {
        // The message is stored; the support team finds it in contact_messages (mailedAt: null).
        logger.error(
          { err, contactMessageId: String(saved._id) },
          'contact message stored but not mailed',
        );
      }
      res.status(201).json({ success: true, message: CONTACT_MESSAGES.sent });
    },
  );
  return router;
}
