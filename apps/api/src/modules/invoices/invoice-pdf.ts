import { amountInWords, brand, formatINR, GST_STATE_CODES } from '@vanya/catalog';
import type { IndianState } from '@vanya/catalog';
import type { OrderDoc } from '../orders/order.model';
import { SHIPPING_SAC } from './credit-notes';
import { newPdf } from '../../platform/pdf';

export interface SellerDetails {
  legalName: string;
  gstin: string;
}

const IST = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: '2-digit',
  month: 'short',
  year: 'numeric',
});
const stateWithCode = (state: string) =>
  `${state} (State code ${GST_STATE_CODES[state as IndianState] ?? '--'})`;

/** Unit quantity code (GST UQC) of every product the shop sells: numbers (pieces, jars, hampers). */
const UQC = 'NOS';

const INK = brand.colors.ink;
const FOREST = brand.colors.forest;
const MUTED = '#5b655e';
const RULE = '#d8ccb6';
const BAND = brand.colors.beige;

const MARGIN = 36;
const CELL_X = 4;
const CELL_Y = 4;
const TABLE_FONT_SIZE = 7.5;

/** `9` -> '9%', `2.5` -> '2.5%'. */
const percent = (rate: number) => `${Number(rate.toFixed(2))}%`;

interface Column {
  key: string;
  label: string;
  /** Two-level header: columns sharing a group print it once above their own labels. */
  group?: string;
  width: number;
  align: 'left' | 'right' | 'center';
}

type Row = Record<string, string>;

/**
 * A GST tax invoice for a paid order (CGST Rules, rule 46): the seller's name, address and GSTIN,
 * a consecutive number and the date, the recipient's name and address and the delivery address
 * with their state and state code, the place of supply, and for each line its description, HSN
 * code, quantity with its unit (UQC), taxable value, and the rate and amount of each tax (CGST and
 * SGST inside the seller's state, IGST elsewhere); the totals, the total in words, whether tax is
 * payable on reverse charge, and the authorised signatory. Every figure is the order's stored
 * figure from packages/catalog, so the printed lines add up to the totals to the paisa.
 *
 * Everything is laid out by measured heights (names, addresses and product names of any length
 * wrap and push what follows down), and a long invoice continues on a new page with the table's
 * header repeated.
 */
export function renderInvoicePdf(order: OrderDoc, seller: SellerDetails): Promise<Buffer> {
  const { doc, bytes } = newPdf({
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `Tax invoice ${order.invoiceNumber ?? ''}`, Author: seller.legalName },
  });

  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const right = left + width;
  const bottom = () => doc.page.height - MARGIN - 24; // room for the page footer
  const intra = order.supply === 'intra-state';
  let y = MARGIN;

  /** Starts a new page when `height` more points would not fit on this one. */
  const ensureSpace = (height: number): boolean => {
    if (y + height <= bottom()) return false;
    doc.addPage();
    y = MARGIN;
    return true;
  };

  /** Writes `text` at (x, y) wrapped to `w` and answers its height. */
  const block = (
    text: string,
    x: number,
    top: number,
    w: number,
    style: { font?: 'body' | 'bold'; size?: number; color?: string; align?: Column['align'] } = {},
  ): number => {
    doc
      .font(style.font ?? 'body')
      .fontSize(style.size ?? 9)
      .fillColor(style.color ?? INK);
    const options = { width: w, align: style.align ?? 'left', lineGap: 1 } as const;
    const height = doc.heightOfString(text, options);
    doc.text(text, x, top, options);
    return height;
  };

  // --- Header band: the seller, and what this document is ------------------------------------
  const titleWidth = 170;
  const sellerWidth = width - titleWidth - 16;
  const sellerState = brand.sellerState;
  const sellerLines = [
    `${brand.address.line1}, ${brand.address.line2}, ${brand.address.city} ${brand.address.pinCode}`,
    `${stateWithCode(sellerState)}, ${brand.address.country}`,
    `${brand.supportEmail} · ${brand.phone}`,
  ];
  // Measured first (white on green needs the band drawn underneath), then drawn.
  doc.font('bold').fontSize(17);
  let bandHeight = doc.heightOfString(seller.legalName, { width: sellerWidth, lineGap: 1 }) + 4;
  doc.font('bold').fontSize(9);
  bandHeight += doc.heightOfString(`GSTIN ${seller.gstin}`, { width: sellerWidth, lineGap: 1 });
  doc.font('body').fontSize(8.5);
  for (const line of sellerLines) {
    bandHeight += doc.heightOfString(line, { width: sellerWidth, lineGap: 1 });
  }
  bandHeight = Math.max(bandHeight, 44) + 2 * 22;
  doc.rect(0, 0, doc.page.width, bandHeight).fill(FOREST);
  y = 22;
  y += block(seller.legalName, left, y, sellerWidth, { font: 'bold', size: 17, color: '#ffffff' });
  y += 4;
  y += block(`GSTIN ${seller.gstin}`, left, y, sellerWidth, {
    font: 'bold',
    size: 9,
    color: '#ffffff',
  });
  for (const line of sellerLines) {
    y += block(line, left, y, sellerWidth, { size: 8.5, color: '#e8efe6' });
  }
  const titleX = right - titleWidth;
  block('TAX INVOICE', titleX, 24, titleWidth, {
    font: 'bold',
    size: 16,
    color: '#ffffff',
    align: 'right',
  });
  block('Original for recipient', titleX, 46, titleWidth, {
    size: 8,
    color: '#e8efe6',
    align: 'right',
  });
  y = bandHeight + 16;

  // --- Invoice facts ---------------------------------------------------------------------------
  const facts: [string, string][] = [
    ['Invoice number', order.invoiceNumber ?? ''],
    ['Invoice date', IST.format(order.invoiceDate ?? order.paidAt ?? new Date())],
    ['Order number', order.orderNumber],
    [`Payment ID (${order.paymentMethod === 'card' ? 'card' : 'UPI'})`, order.paymentId ?? ''],
  ];
  const factWidth = width / facts.length;
  let factsHeight = 0;
  facts.forEach(([label, value], i) => {
    const x = left + i * factWidth;
    const labelHeight = block(label, x, y, factWidth - 10, { size: 7.5, color: MUTED });
    const valueHeight = block(value, x, y + labelHeight + 1, factWidth - 10, {
      font: 'bold',
      size: 9,
    });
    factsHeight = Math.max(factsHeight, labelHeight + 1 + valueHeight);
  });
  y += factsHeight + 10;
  doc.moveTo(left, y).lineTo(right, y).lineWidth(0.75).strokeColor(RULE).stroke();
  y += 10;

  // --- Parties: each block as tall as its wrapped lines; what follows starts below the taller ---
  const buyerName = `${order.firstName} ${order.lastName}`;
  const place = `${order.city} ${order.pinCode}`;
  const stateLine = `${stateWithCode(order.state)}, India`;
  const billed = [
    buyerName,
    order.address,
    place,
    stateLine,
    `Phone ${order.phone}`,
    order.email,
    ...(order.gstNumber ? [`Buyer GSTIN ${order.gstNumber}`] : []),
  ];
  const shipped = [buyerName, order.address, place, stateLine, `Phone ${order.phone}`];
  const partyWidth = width / 2 - 12;
  const party = (label: string, lines: string[], x: number, top: number): number => {
    let at = top;
    at += block(label.toUpperCase(), x, at, partyWidth, { font: 'bold', size: 7.5, color: MUTED });
    at += 3;
    lines.forEach((line, i) => {
      at += block(line, x, at, partyWidth, { font: i === 0 ? 'bold' : 'body', size: 9 });
      at += 1;
    });
    return at - top;
  };
  const partiesHeight = Math.max(
    party('Billed to', billed, left, y),
    party('Shipped to', shipped, left + width / 2, y),
  );
  y += partiesHeight + 10;

  // --- Supply ----------------------------------------------------------------------------------
  const supplyFacts: { text: string; share: number; align: Column['align'] }[] = [
    {
      text: `Place of supply: ${order.deliveryState} (${GST_STATE_CODES[order.deliveryState as IndianState] ?? '--'})`,
      share: 0.45,
      align: 'left',
    },
    {
      text: intra ? 'Intra-state supply: CGST + SGST' : 'Inter-state supply: IGST',
      share: 0.33,
      align: 'center',
    },
    { text: 'Reverse charge: No', share: 0.22, align: 'right' },
  ];
  const supplyWidth = (share: number) => width * share - 16;
  doc.font('bold').fontSize(8.5);
  const supplyHeight =
    Math.max(
      ...supplyFacts.map(({ text, share }) =>
        doc.heightOfString(text, { width: supplyWidth(share), lineGap: 1 }),
      ),
    ) + 12;
  doc.rect(left, y, width, supplyHeight).fill(BAND);
  let supplyX = left;
  supplyFacts.forEach(({ text, share, align }, i) => {
    block(text, supplyX + 8, y + 6, supplyWidth(share), {
      font: i === 0 ? 'bold' : 'body',
      size: 8.5,
      align,
    });
    supplyX += width * share;
  });
  y += supplyHeight + 14;

  // --- Lines -----------------------------------------------------------------------------------
  // Widths fit the largest figures a cart can reach (₹88,420.00 in bold on the total row, 180 NOS)
  // on one line; the description takes the rest and wraps.
  const taxColumns: Column[] = intra
    ? [
        { key: 'cgstRate', label: 'Rate', group: 'CGST', width: 28, align: 'right' },
        { key: 'cgst', label: 'Amount', group: 'CGST', width: 52, align: 'right' },
        { key: 'sgstRate', label: 'Rate', group: 'SGST', width: 28, align: 'right' },
        { key: 'sgst', label: 'Amount', group: 'SGST', width: 52, align: 'right' },
      ]
    : [
        { key: 'igstRate', label: 'Rate', group: 'IGST', width: 32, align: 'right' },
        { key: 'igst', label: 'Amount', group: 'IGST', width: 60, align: 'right' },
      ];
  const fixed: Column[] = [
    { key: 'n', label: '#', width: 20, align: 'right' },
    { key: 'desc', label: 'Description of goods', width: 0, align: 'left' },
    { key: 'hsn', label: 'HSN/SAC', width: 46, align: 'left' },
    { key: 'qty', label: 'Qty', width: 42, align: 'right' },
    { key: 'price', label: 'Unit price (incl. GST)', width: intra ? 52 : 56, align: 'right' },
    { key: 'taxable', label: 'Taxable value', width: intra ? 56 : 62, align: 'right' },
    ...taxColumns,
    { key: 'total', label: 'Amount (incl. GST)', width: intra ? 58 : 62, align: 'right' },
  ];
  const used = fixed.reduce((sum, c) => sum + c.width, 0);
  const cols = fixed.map((c) => (c.key === 'desc' ? { ...c, width: width - used } : c));
  const xOf = (key: string) => {
    let x = left;
    for (const c of cols) {
      if (c.key === key) return x;
      x += c.width;
    }
    return x;
  };

  const cellHeight = (text: string, col: Column, font: 'body' | 'bold') => {
    doc.font(font).fontSize(TABLE_FONT_SIZE);
    return doc.heightOfString(text || ' ', { width: col.width - 2 * CELL_X, lineGap: 1 });
  };

  const header = () => {
    const groups = [...new Set(cols.map((c) => c.group).filter(Boolean))] as string[];
    doc.font('bold').fontSize(TABLE_FONT_SIZE);
    const groupHeight = doc.heightOfString('CGST', { lineGap: 1 }) + 2 * CELL_Y;
    const labelHeight = Math.max(...cols.map((c) => cellHeight(c.label, c, 'bold')));
    const height = groupHeight + labelHeight + 2 * CELL_Y;
    ensureSpace(height + 40);
    doc.rect(left, y, width, height).fill(BAND);
    for (const c of cols) {
      if (c.group) continue;
      // Ungrouped labels sit at the bottom of the header, level with the grouped ones.
      const h = cellHeight(c.label, c, 'bold');
      block(c.label, xOf(c.key) + CELL_X, y + height - CELL_Y - h, c.width - 2 * CELL_X, {
        font: 'bold',
        size: TABLE_FONT_SIZE,
        align: c.align === 'right' ? 'right' : 'left',
      });
    }
    for (const g of groups) {
      const members = cols.filter((c) => c.group === g);
      const x = xOf(members[0]!.key);
      const w = members.reduce((sum, c) => sum + c.width, 0);
      block(g, x, y + CELL_Y, w, { font: 'bold', size: TABLE_FONT_SIZE, align: 'center' });
      doc
        .moveTo(x + 3, y + groupHeight)
        .lineTo(x + w - 3, y + groupHeight)
        .lineWidth(0.5)
        .strokeColor(RULE)
        .stroke();
      for (const c of members) {
        block(c.label, xOf(c.key) + CELL_X, y + groupHeight + CELL_Y, c.width - 2 * CELL_X, {
          font: 'bold',
          size: TABLE_FONT_SIZE,
          align: 'right',
        });
      }
    }
    y += height;
  };

  const row = (values: Row, opts: { bold?: boolean; fill?: string } = {}) => {
    const font = opts.bold ? 'bold' : 'body';
    const height =
      Math.max(...cols.map((c) => cellHeight(values[c.key] ?? '', c, font))) + 2 * CELL_Y;
    if (ensureSpace(height)) header();
    if (opts.fill) doc.rect(left, y, width, height).fill(opts.fill);
    for (const c of cols) {
      const text = values[c.key];
      if (!text) continue;
      block(text, xOf(c.key) + CELL_X, y + CELL_Y, c.width - 2 * CELL_X, {
        font,
        size: TABLE_FONT_SIZE,
        align: c.align,
      });
    }
    y += height;
    doc.moveTo(left, y).lineTo(right, y).lineWidth(0.5).strokeColor(RULE).stroke();
  };

  header();
  const taxCells = (rate: number, cgst: number, sgst: number, igst: number): Row =>
    intra
      ? {
          cgstRate: percent(rate / 2),
          cgst: formatINR(cgst),
          sgstRate: percent(rate / 2),
          sgst: formatINR(sgst),
        }
      : { igstRate: percent(rate), igst: formatINR(igst) };
  order.lines.forEach((line, i) => {
    // A coupon lowers each line's value before tax (its share is printed under the name).
    const share = line.couponShare ?? 0;
    row({
      n: String(i + 1),
      desc:
        share > 0 && order.coupon
          ? `${line.name}\nless coupon ${order.coupon.code}: ${formatINR(share)}`
          : line.name,
      hsn: line.hsn,
      qty: `${line.quantity} ${UQC}`,
      price: formatINR(line.unitPrice),
      taxable: formatINR(line.taxableValue),
      ...taxCells(line.gstRate, line.cgst, line.sgst, line.igst),
      total: formatINR(line.amount - share),
    });
  });
  const fees: [string, typeof order.shippingTax | null | undefined][] = [
    ['Shipping and handling', order.shippingTax],
    ['Cash on delivery fee', order.codFeeTax],
  ];
  let n = order.lines.length;
  for (const [desc, fee] of fees) {
    if (!fee || fee.amount <= 0) continue;
    n += 1;
    row({
      n: String(n),
      desc,
      hsn: SHIPPING_SAC,
      taxable: formatINR(fee.taxableValue),
      ...taxCells(fee.rate, fee.cgst, fee.sgst, fee.igst),
      total: formatINR(fee.amount),
    });
  }
  const t = order.totals;
  const units = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  row(
    {
      desc: 'Total',
      qty: `${units} ${UQC}`,
      taxable: formatINR(t.taxableValue ?? 0),
      ...(intra
        ? { cgst: formatINR(t.cgst ?? 0), sgst: formatINR(t.sgst ?? 0) }
        : { igst: formatINR(t.igst ?? 0) }),
      total: formatINR(t.grandTotal ?? 0),
    },
    { bold: true, fill: BAND },
  );

  // --- Summary: the total in words beside the tax summary ---------------------------------------
  y += 12;
  const summary: [string, string][] = [
    ...(order.coupon
      ? ([[`Coupon ${order.coupon.code}`, `-${formatINR(order.coupon.discount)}`]] as [
          string,
          string,
        ][])
      : []),
    ['Taxable value', formatINR(t.taxableValue ?? 0)],
    ...((intra
      ? [
          ['CGST', formatINR(t.cgst ?? 0)],
          ['SGST', formatINR(t.sgst ?? 0)],
        ]
      : [['IGST', formatINR(t.igst ?? 0)]]) as [string, string][]),
    ['Total tax', formatINR(t.taxTotal ?? 0)],
  ];
  const summaryWidth = 220;
  const summaryX = right - summaryWidth;
  const wordsWidth = width - summaryWidth - 24;
  doc.font('body').fontSize(8.5);
  const wordsText = amountInWords(t.grandTotal ?? 0);
  const summaryHeight = Math.max(
    summary.length * 14 + 24,
    doc.heightOfString(wordsText, { width: wordsWidth, lineGap: 1 }) + 16,
  );
  ensureSpace(summaryHeight);
  let wordsY = y;
  wordsY += block('Invoice total in words', left, wordsY, wordsWidth, {
    font: 'bold',
    size: 7.5,
    color: MUTED,
  });
  block(wordsText, left, wordsY + 2, wordsWidth, { size: 8.5 });
  let sy = y;
  for (const [label, value] of summary) {
    block(label, summaryX, sy, summaryWidth - 100, { size: 8.5, color: MUTED });
    block(value, right - 100, sy, 100, { size: 8.5, align: 'right' });
    sy += 14;
  }
  sy += 2;
  doc.rect(summaryX, sy, summaryWidth, 20).fill(FOREST);
  block('Invoice total', summaryX + 8, sy + 5, summaryWidth - 116, {
    font: 'bold',
    size: 9,
    color: '#ffffff',
  });
  block(formatINR(t.grandTotal ?? 0), right - 108, sy + 5, 100, {
    font: 'bold',
    size: 9,
    color: '#ffffff',
    align: 'right',
  });
  y += summaryHeight + 16;

  // --- Declarations and the signatory ----------------------------------------------------------
  const notes = [
    'Tax payable on reverse charge: No. Prices are inclusive of GST.',
    `Paid online by ${order.paymentMethod === 'card' ? 'card' : 'UPI'}${order.paidAt ? ` on ${IST.format(order.paidAt)}` : ''}.`,
    'This is a computer-generated invoice.',
  ];
  const notesWidth = width - 220;
  doc.font('body').fontSize(8);
  const notesHeight = notes.reduce(
    (sum, n) => sum + doc.heightOfString(n, { width: notesWidth, lineGap: 1 }) + 2,
    0,
  );
  doc.font('bold').fontSize(9);
  const forLine = `For ${seller.legalName}`;
  const signWidth = 200;
  const forHeight = doc.heightOfString(forLine, { width: signWidth, lineGap: 1 });
  const signatoryHeight = forHeight + 34 + 12;
  ensureSpace(Math.max(notesHeight, signatoryHeight));
  let ny = y;
  for (const n of notes) ny += block(n, left, ny, notesWidth, { size: 8, color: MUTED }) + 2;
  const signX = right - signWidth;
  block(forLine, signX, y, signWidth, { font: 'bold', size: 9, align: 'right' });
  const signLineY = y + forHeight + 30;
  doc
    .moveTo(right - 150, signLineY)
    .lineTo(right, signLineY)
    .lineWidth(0.75)
    .strokeColor(MUTED)
    .stroke();
  block('Authorised signatory', signX, signLineY + 4, signWidth, {
    size: 8,
    color: MUTED,
    align: 'right',
  });

  // --- Page footers (drawn last, when the page count is known) ----------------------------------
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const footerY = doc.page.height - MARGIN - 8;
    // Below the bottom margin: lift the margin so pdfkit does not start another page for it.
    const margins = doc.page.margins;
    doc.page.margins = { ...margins, bottom: 0 };
    block(
      `${seller.legalName} · GSTIN ${seller.gstin} · Invoice ${order.invoiceNumber ?? ''} · Page ${i - range.start + 1} of ${range.count}`,
      left,
      footerY,
      width,
      { size: 7, color: MUTED, align: 'center' },
    );
    doc.page.margins = margins;
  }

  doc.end();
  return bytes;
}
