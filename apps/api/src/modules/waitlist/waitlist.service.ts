import { brand } from '@vanya/catalog';
import type { WaitlistBody } from '@vanya/contracts';
import { isDuplicateKey } from '../../platform/db/duplicate-key';
import type { Mailer } from '../mail/mailer';
import { waitlistMail } from '../mail/templates';
import { WaitlistSignupModel } from './waitlist.model';

/** The community waitlist: each address once, with one confirmation mail. */
export function createWaitlistService(mailer: Mailer) {
  return {
    /** Adds the address and mails the confirmation; `created` is false when it was already on the list. */
    async join(body: WaitlistBody): Promise<{ created: boolean }> {
      try {
        await WaitlistSignupModel.create({ _id: body.email, email: body.email, name: body.name });
      } catch (err) {
        if (isDuplicateKey(err)) return { created: false };
        throw err;
      }
      try {
        // Replies reach the support mailbox (the mail says so), not the no-reply sender.
        await mailer.send({
          to: body.email,
          replyTo: brand.supportEmail,
          ...waitlistMail(body.name),
        });
      } catch (err) {
        // Told "we've sent a confirmation" with none sent, the visitor would wait for nothing:
        // the signup goes, the 503 asks them to try again, and the next try mails it.
        await WaitlistSignupModel.deleteOne({ _id: body.email });
        throw err;
      }
      await WaitlistSignupModel.updateOne(
        { _id: body.email },
        { $set: { confirmationMailedAt: new Date() } },
      );
      return { created: true };
    },
  };
}
