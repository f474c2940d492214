import { brand } from '@vanya/catalog';
import { trusted } from 'mongoose';
import type { Logger } from '../../platform/logger';
import { escapeHtml, layout } from '../mail/templates';
import type { Mailer, MailMessage } from '../mail/mailer';
import type { OrderLifecycle } from '../orders/order-lifecycle';
import type { Refunds } from '../orders/refunds';
import { UserModel } from '../users/user.model';

export interface AdminSupportDeps {
  lifecycle: OrderLifecycle;
  refunds: Refunds;
  mailer: Mailer;
  logger: Logger;
  webOrigin: string;
}

export async function customers(userIds: unknown[]) {
  const users = await UserModel.find(
    { _id: trusted({ $in: userIds }) },
    { name: 1, email: 1 },
  ).lean<{ _id: unknown; name: string; email: string }[]>();
  return new Map(users.map((u) => [String(u._id), u]));
}

/** A mail to the shopper about their return or ticket, with a link to their profile. */
export async function shopperMail(
  deps: Pick<AdminSupportDeps, 'webOrigin'>,
  userId: unknown,
  subject: string,
  lines: string[],
): Promise<MailMessage | null> {
  const user = await UserModel.findById(userId, { name: 1, email: 1 }).lean<{
    name: string;
    email?: string;
  }>();
  // An account made by phone sign-in may have no email yet: it sees the news in its profile.
  if (!user?.email) return null;
  const profile = `${deps.webOrigin}/profile`;
  return {
    to: user.email,
    subject,
    text: `Hello ${user.name},\n\n${lines.join('\n\n')}\n\nSee it in your profile: ${profile}\n\n${brand.name} · ${brand.supportEmail}`,
    html: layout(
      subject,
      `<p>Hello ${escapeHtml(user.name)},</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p><a href="${profile}">See it in your profile</a></p>`,
    ),
  };
}

export async function tell(
  deps: Pick<AdminSupportDeps, 'webOrigin' | 'mailer' | 'logger'>,
  userId: unknown,
  subject: string,
  lines: string[],
) {
  const mail = await shopperMail(deps, userId, subject, lines);
  if (!mail) return;
  try {
    await deps.mailer.send(mail);
  } catch (err) {
    deps.logger.error({ err, subject }, 'shopper mail not sent');
  }
}
