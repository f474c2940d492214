import { brand } from '@vanya/catalog';
import type { MailMessage } from '../mail/mailer';
import { escapeHtml, layout } from '../mail/templates';
import type { StockContext } from './stock-context';
import type { StockItemDoc } from './stock.model';

type Mail = Omit<MailMessage, 'to'>;

const link = (href: string, label: string) =>
  `<p><a href="${escapeHtml(href)}" style="color:${brand.colors.forest}">${escapeHtml(label)}</a></p>`;

/** To the owners, once each time a product falls to its low-stock level. */
export function lowStockMail(
  name: string,
  available: number,
  lowStockAt: number,
  stockPage: string,
): Mail {
  const subject = `Low stock: ${name} (${available} left)`;
  const lines = [
    `${name} is down to ${available} ${available === 1 ? 'unit' : 'units'} that can be sold; its low-stock level is ${lowStockAt}.`,
    'Record the next batch as a receipt on the stock page when it arrives.',
  ];
  return {
    subject,
    text: `${lines.join('\n\n')}\n\nStock: ${stockPage}\n\n${brand.name}`,
    html: layout(
      subject,
      `${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}${link(stockPage, 'Open the stock page')}`,
    ),
  };
}

/** To a shopper who asked, once, when the product can be bought again. */
export function backInStockMail(name: string, productPage: string): Mail {
  const subject = `${name} is back in stock`;
  const lines = [
    `You asked us to tell you when ${name} is back. It is, and you can order it now.`,
    'We send this once: you will not hear from us about it again.',
  ];
  return {
    subject,
    text: `${lines.join('\n\n')}\n\n${productPage}\n\n${brand.name} · ${brand.supportEmail}`,
    html: layout(
      subject,
      `${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}${link(productPage, `Order ${name}`)}`,
    ),
  };
}

/**
 * Tells the owners a product fell to its low-stock level: by text when they set it up, and by mail
 * to OWNER_EMAILS unless they turned the mail off.
 */
export async function mailLowStock(ctx: StockContext, item: StockItemDoc): Promise<void> {
  const { mail } = ctx;
  if (!mail) return;
  const name = (await ctx.catalogue()).get(item._id)?.name ?? item._id;
  mail.textLow?.(item._id, name, item.available);
  if (mail.ownerEmails.length === 0) {
    mail.logger.warn({ productId: item._id }, 'low stock: no OWNER_EMAILS to tell');
    return;
  }
  if (mail.lowStockWanted && !(await mail.lowStockWanted())) return;
  await mail.mailer.send({
    to: mail.ownerEmails.join(', '),
    ...lowStockMail(name, item.available, item.lowStockAt, `${mail.webOrigin}/admin?tab=stock`),
  });
}
