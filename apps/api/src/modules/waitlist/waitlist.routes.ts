import { WAITLIST_MESSAGES } from '@vanya/contracts';
import type { WaitlistResponse } from '@vanya/contracts';
import { Router } from 'express';
import type { Config } from '../../config/env';
import { rateLimit, scaledRule } from '../../platform/http/rate-limit';
import { handle } from '../../platform/http/contract-route';
import type { Mailer } from '../mail/mailer';
import { createWaitlistService } from './waitlist.service';

const HOUR = 60 * 60 * 1000;

/** POST /waitlist: 201 the first time (with a confirmation mail), 200 with the same words after. */
export function waitlistRoutes(config: Config, mailer: Mailer): Router {
  const router = Router();
  const service = createWaitlistService(mailer);
  const rule = (name: string, limit: number) =>
    scaledRule(config.rateLimitScale, name, limit, HOUR);
  handle(
    router,
    'post /waitlist',
    rateLimit(rule('waitlist', 10), { perAccount: rule('waitlist-acct', 5) }),
    async (_req, res, { body }) => {
      const { created } = await service.join(body);
      const answer: WaitlistResponse = { success: true, message: WAITLIST_MESSAGES.joined };
      res.status(created ? 201 : 200).json(answer);
    },
  );
  return router;
}
