import {
  brand,
  calendarDateInIndia,
  DEFAULT_SHOP_SETTINGS,
  DELIVERY,
  dispatchNotes,
  formatINR,
} from '@vanya/catalog';
import type { PreOrderSettings } from '@vanya/catalog';
import type { MailMessage } from '../mail/mailer';
import { escapeHtml, layout } from '../mail/templates';
import type { OrderDoc } from './order.model';

/** The moves and scans the shopper gets a text message about. */
export type TextedNews = 'confirmed' | 'shipped' | 'out_for_delivery' | 'delivered' | 'refunded';

/** The text message of a move or a scan: short, with the tracking link when it ships. */
export function orderText(
  order: OrderDoc,
  news: TextedNews,
  details: { carrier?: string; trackingUrl?: string; refunded?: number } = {},
): string {
  const codDue = order.paymentMethod === 'cod' && order.codStatus === 'due';
  const texts: Record<TextedNews, string> = {
    confirmed: `${brand.name}: your order ${order.orderNumber} is confirmed${codDue ? `; please pay ${formatINR(order.totals.grandTotal)} on delivery` : ''}. We will text you when it ships.`,
    refunded: `${brand.name}: we have refunded ${formatINR(details.refunded ?? 0)} on your order ${order.orderNumber}.`,
    shipped: `${brand.name}: your order ${order.orderNumber} has shipped${details.carrier ? ` with ${details.carrier}` : ''}.${details.trackingUrl ? ` Track it at ${details.trackingUrl}` : ''}`,
    out_for_delivery: `${brand.name}: your order ${order.orderNumber} is out for delivery today.${codDue ? ` Please keep ${formatINR(order.totals.grandTotal)} ready.` : ''}`,
    delivered: `${brand.name}: your order ${order.orderNumber} was delivered. Thank you for shopping with us.`,
  };
  return texts[news];
}

/**
 * The order confirmation: lines, totals with the tax split, and the dispatch notes (the owner's
 * pre-order notice when the order was placed while pre-orders were open).
 */
export function orderConfirmationMail(
  order: OrderDoc,
  preOrder: PreOrderSettings = DEFAULT_SHOP_SETTINGS.preOrder,
): Omit<MailMessage, 'to' | 'attachments'> {
  const t = order.totals;
  const intra = order.supply === 'intra-state';
  const taxLines: [string, number][] = intra
    ? [
        ['CGST', t.cgst ?? 0],
        ['SGST', t.sgst ?? 0],
      ]
    : [['IGST', t.igst ?? 0]];
  const subject = `Your ${brand.name} order ${order.orderNumber} is confirmed`;
  const cod = order.paymentMethod === 'cod';
  const totalLabel = cod ? 'To pay on delivery' : 'Total paid';
  const coupon = order.coupon;
  const extras: [string, number][] = [
    ...(coupon ? [[`Coupon ${coupon.code}`, -coupon.discount] as [string, number]] : []),
    ...((t.codFee ?? 0) > 0 ? [['Cash on delivery fee', t.codFee ?? 0] as [string, number]] : []),
  ];
  const received = cod
    ? `Please keep ${formatINR(t.grandTotal ?? 0)} ready for the courier: you pay on delivery.`
    : `We have received your payment (${order.paymentId}).`;
  const invoiceNote = cod
    ? 'Your GST invoice will be issued when your parcel ships.'
    : `Your GST invoice ${order.invoiceNumber} is attached.`;
  const lineText = order.lines
    .map((l) => `  ${l.name} x${l.quantity}  ${formatINR(l.amount)}`)
    .join('\n');
  const totalsText = [
    ['Items', t.itemsTotal ?? 0],
    ['You saved', t.discount ?? 0],
    ...extras,
    ['Shipping', t.shipping ?? 0],
    ...taxLines.map(([label, value]) => [`${label} (included)`, value] as [string, number]),
    [totalLabel, t.grandTotal ?? 0],
  ]
    .map(
      ([label, value]) =>
        `  ${label}: ${value === 0 && label === 'Shipping' ? 'FREE' : formatINR(value as number)}`,
    )
    .join('\n');
  const placedOn = calendarDateInIndia(order.createdAt);
  const dispatch = `${dispatchNotes(preOrder, placedOn).join(' ')} Delivery takes ${DELIVERY.businessDaysMin}-${DELIVERY.businessDaysMax} business days after dispatch.`;

  const cell = 'padding:6px 0;border-bottom:1px solid #eee5d6';
  const rows = order.lines
    .map(
      (l) =>
        `<tr><td style="${cell}">${escapeHtml(l.name)} &times; ${l.quantity}</td><td style="${cell};text-align:right">${formatINR(l.amount)}</td></tr>`,
    )
    .join('');
  const totalRows = [
    ['Items', formatINR(t.itemsTotal ?? 0)],
    ['You saved', formatINR(t.discount ?? 0)],
    ...extras.map(([label, value]) => [label, formatINR(value)]),
    ['Shipping', (t.shipping ?? 0) === 0 ? 'FREE' : formatINR(t.shipping ?? 0)],
    ...taxLines.map(([label, value]) => [`${label} (included)`, formatINR(value)]),
  ]
    .map(
      ([label, value]) =>
        `<tr><td style="padding:3px 0;color:#55605a">${label}</td><td style="padding:3px 0;text-align:right;color:#55605a">${value}</td></tr>`,
    )
    .join('');

  return {
    subject,
    text: `Hello ${order.firstName},\n\nThank you for your order ${order.orderNumber}. ${received}\n\n${lineText}\n\n${totalsText}\n\nDelivering to: ${order.firstName} ${order.lastName}, ${order.address}, ${order.city}, ${order.state} ${order.pinCode}\n\n${dispatch}\n\n${invoiceNote}\n\n${brand.name} · ${brand.supportEmail}`,
    html: layout(
      subject,
      `<p>Hello ${escapeHtml(order.firstName)},</p><p>Thank you for your order <strong>${order.orderNumber}</strong>. ${escapeHtml(cod ? received : 'We have received your payment.')}</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="font-size:14px">${rows}${totalRows}
<tr><td style="padding:8px 0;font-weight:bold">${totalLabel}</td><td style="padding:8px 0;text-align:right;font-weight:bold">${formatINR(t.grandTotal ?? 0)}</td></tr></table>
<p style="font-size:13px;color:#55605a">Prices include GST. ${escapeHtml(invoiceNote)}</p>
<p><strong>Delivering to</strong><br>${escapeHtml(`${order.firstName} ${order.lastName}`)}<br>${escapeHtml(order.address)}<br>${escapeHtml(`${order.city}, ${order.state} ${order.pinCode}`)}</p>
<p style="background:#F3EDE2;padding:12px 14px;border-radius:8px">${escapeHtml(dispatch)}</p>`,
    ),
  };
}

/** The moves a shopper hears about, each with what it means for them. */
export type NotifiedMove = 'shipped' | 'delivered' | 'cancelled' | 'refunded' | 'rto';

/**
 * The shopper's mail for a move of their order: shipped (with the carrier and the tracking link:
 * the shipping confirmation the checkout promises), delivered, cancelled and refunded.
 */
export function orderStatusMail(
  order: OrderDoc,
  move: NotifiedMove,
  details: {
    carrier?: string;
    trackingNumber?: string;
    trackingUrl?: string;
    refunded?: number;
    /** A refund the owner sent by hand (cash on delivery): how, and its reference. */
    refundedBy?: { method: string; reference: string };
  },
): Omit<MailMessage, 'to' | 'attachments'> {
  const refund =
    details.refunded && details.refunded > 0
      ? details.refundedBy
        ? `We have sent you ${formatINR(details.refunded)} by ${details.refundedBy.method === 'upi' ? 'UPI' : 'bank transfer'} (reference ${details.refundedBy.reference}).`
        : `${formatINR(details.refunded)} is on its way back to the account you paid from; banks take 5-7 working days to show it.`
      : '';
  const copy: Record<NotifiedMove, { subject: string; lines: string[] }> = {
    shipped: {
      subject: `Your ${brand.name} order ${order.orderNumber} has shipped`,
      lines: [
        `Good news: your order ${order.orderNumber} is on its way with ${details.carrier ?? 'our courier'}.`,
        details.trackingNumber ? `Tracking number: ${details.trackingNumber}` : '',
        details.trackingUrl ? `Track it here: ${details.trackingUrl}` : '',
        `Delivery takes ${DELIVERY.businessDaysMin}-${DELIVERY.businessDaysMax} business days after dispatch.`,
      ],
    },
    delivered: {
      subject: `Your ${brand.name} order ${order.orderNumber} was delivered`,
      lines: [
        `Your order ${order.orderNumber} has been delivered. We hope you love it.`,
        'If anything is not right, you can ask for a return from your profile within 30 days.',
      ],
    },
    cancelled: {
      subject: `Your ${brand.name} order ${order.orderNumber} is cancelled`,
      lines: [`Your order ${order.orderNumber} has been cancelled.`, refund],
    },
    refunded: {
      subject: `Your ${brand.name} order ${order.orderNumber} is refunded`,
      lines: [`We have refunded your order ${order.orderNumber}.`, refund],
    },
    rto: {
      subject: `Your ${brand.name} order ${order.orderNumber} is coming back to us`,
      lines: [
        `The courier could not deliver your order ${order.orderNumber}, so it is on its way back to us.`,
        order.paymentMethod === 'cod'
          ? 'Nothing is due. If you still want it, you are welcome to order again.'
          : 'We will refund your payment once it reaches us.',
      ],
    },
  };
  const { subject, lines } = copy[move];
  const body = lines.filter(Boolean);
  const link =
    move === 'shipped' && details.trackingUrl
      ? `<p><a href="${escapeHtml(details.trackingUrl)}" style="color:${brand.colors.forest};font-weight:bold">Track your parcel</a></p>`
      : '';
  return {
    subject,
    text: `Hello ${order.firstName},\n\n${body.join('\n')}\n\n${brand.name} · ${brand.supportEmail}`,
    html: layout(
      subject,
      `<p>Hello ${escapeHtml(order.firstName)},</p>${body.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}${link}`,
    ),
  };
}
