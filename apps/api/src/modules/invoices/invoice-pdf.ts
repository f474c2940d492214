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

type Align = 'left' | 'right' | 'center';

interface Column {
  key: string;
  label: string;
  /** Two-level header: columns sharing a group print it once above their own labels. */
  group?: string;
  width: number;
  align: Align;
}

type Row = Record<string, string>;
type Summary = [string, string][];

/** The page being written: its text column, and where the next thing goes (`y`). */
interface Sheet {
  doc: PDFKit.PDFDocument;
  left: number;
  width: number;
  right: number;
  y: number;
}

interface TextStyle {
  font?: 'body' | 'bold';
  size?: number;
  color?: string;
  align?: Align;
}

/** Writes `text` at (x, top) wrapped to `w` and answers its height. */
function block(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  top: number,
  w: number,
  style: TextStyle = {},
): number {
  doc
    .font(style.font ?? 'body')
    .fontSize(style.size ?? 9)
    .fillColor(style.color ?? INK);
  const options = { width: w, align: style.align ?? 'left', lineGap: 1 } as const;
  const height = doc.heightOfString(text, options);
  doc.text(text, x, top, options);
  return height;
}

/** The height `text` takes in a font and size, wrapped to `w`. */
function measure(
  doc: PDFKit.PDFDocument,
  text: string,
  font: 'body' | 'bold',
  size: number,
  w?: number,
): number {
  doc.font(font).fontSize(size);
  return doc.heightOfString(text, { ...(w === undefined ? {} : { width: w }), lineGap: 1 });
}

/** Starts a new page when `height` more points would not fit on this one (above the footer). */
function ensureSpace(sheet: Sheet, height: number): boolean {
  if (sheet.y + height <= sheet.doc.page.height - MARGIN - 24) return false;
  sheet.doc.addPage();
  sheet.y = MARGIN;
  return true;
}

const rule = (sheet: Sheet, y: number, lineWidth: number) =>
  sheet.doc
    .moveTo(sheet.left, y)
    .lineTo(sheet.right, y)
    .lineWidth(lineWidth)
    .strokeColor(RULE)
    .stroke();

const paidBy = (order: OrderDoc) => (order.paymentMethod === 'card' ? 'card' : 'UPI');

/** The green band: the seller's name, GSTIN and address, and what this document is. */
function drawHeader(sheet: Sheet, seller: SellerDetails) {
  const { doc, left, width, right } = sheet;
  const titleWidth = 170;
  const sellerWidth = width - titleWidth - 16;
  const sellerLines = [
    `${brand.address.line1}, ${brand.address.line2}, ${brand.address.city} ${brand.address.pinCode}`,
    `${stateWithCode(brand.sellerState)}, ${brand.address.country}`,
    `${brand.supportEmail} · ${brand.phone}`,
  ];
  // Measured first (white on green needs the band drawn underneath), then drawn.
  let bandHeight = measure(doc, seller.legalName, 'bold', 17, sellerWidth) + 4;
  bandHeight += measure(doc, `GSTIN ${seller.gstin}`, 'bold', 9, sellerWidth);
  for (const line of sellerLines) bandHeight += measure(doc, line, 'body', 8.5, sellerWidth);
  bandHeight = Math.max(bandHeight, 44) + 2 * 22;
  doc.rect(0, 0, doc.page.width, bandHeight).fill(FOREST);
  let y = 22;
  y += block(doc, seller.legalName, left, y, sellerWidth, {
    font: 'bold',
    size: 17,
    color: '#ffffff',
  });
  y += 4;
  y += block(doc, `GSTIN ${seller.gstin}`, left, y, sellerWidth, {
    font: 'bold',
    size: 9,
    color: '#ffffff',
  });
  for (const line of sellerLines) {
    y += block(doc, line, left, y, sellerWidth, { size: 8.5, color: '#e8efe6' });
  }
  const titleX = right - titleWidth;
  block(doc, 'TAX INVOICE', titleX, 24, titleWidth, {
    font: 'bold',
    size: 16,
    color: '#ffffff',
    align: 'right',
  });
  block(doc, 'Original for recipient', titleX, 46, titleWidth, {
    size: 8,
    color: '#e8efe6',
    align: 'right',
  });
  sheet.y = bandHeight + 16;
}

/** The invoice's number and date, the order, the payment: four labelled values in a row. */
function drawFacts(sheet: Sheet, order: OrderDoc) {
  const { doc, left, width } = sheet;
  const facts: [string, string][] = [
    ['Invoice number', order.invoiceNumber ?? ''],
    ['Invoice date', IST.format(order.invoiceDate ?? order.paidAt ?? new Date())],
    ['Order number', order.orderNumber],
    [`Payment ID (${paidBy(order)})`, order.paymentId ?? ''],
  ];
  const factWidth = width / facts.length;
  let factsHeight = 0;
  facts.forEach(([label, value], i) => {
    const x = left + i * factWidth;
    const labelHeight = block(doc, label, x, sheet.y, factWidth - 10, { size: 7.5, color: MUTED });
    const valueHeight = block(doc, value, x, sheet.y + labelHeight + 1, factWidth - 10, {
      font: 'bold',
      size: 9,
    });
    factsHeight = Math.max(factsHeight, labelHeight + 1 + valueHeight);
  });
  sheet.y += factsHeight + 10;
  rule(sheet, sheet.y, 0.75);
  sheet.y += 10;
}

/** One party's block (label, then its lines, the first bold) and its height. */
function drawParty(
  doc: PDFKit.PDFDocument,
  label: string,
  lines: string[],
  x: number,
  top: number,
  w: number,
): number {
  let at = top;
  at += block(doc, label.toUpperCase(), x, at, w, { font: 'bold', size: 7.5, color: MUTED });
  at += 3;
  lines.forEach((line, i) => {
    at += block(doc, line, x, at, w, { font: i === 0 ? 'bold' : 'body', size: 9 });
    at += 1;
  });
  return at - top;
}

/** Billed to and shipped to side by side; what follows starts below the taller of the two. */
function drawParties(sheet: Sheet, order: OrderDoc) {
  const { doc, left, width } = sheet;
  const buyerName = `${order.firstName} ${order.lastName}`;
  const place = `${order.city} ${order.pinCode}`;
  const stateLine = `${stateWithCode(order.state)}, India`;
  const shipped = [buyerName, order.address, place, stateLine, `Phone ${order.phone}`];
  const billed = [
    ...shipped,
    order.email,
    ...(order.gstNumber ? [`Buyer GSTIN ${order.gstNumber}`] : []),
  ];
  const partyWidth = width / 2 - 12;
  const partiesHeight = Math.max(
    drawParty(doc, 'Billed to', billed, left, sheet.y, partyWidth),
    drawParty(doc, 'Shipped to', shipped, left + width / 2, sheet.y, partyWidth),
  );
  sheet.y += partiesHeight + 10;
}

/** The band with the place of supply, the kind of supply and reverse charge. */
function drawSupply(sheet: Sheet, order: OrderDoc) {
  const { doc, left, width } = sheet;
  const supplyFacts: { text: string; share: number; align: Align }[] = [
    {
      text: `Place of supply: ${order.deliveryState} (${GST_STATE_CODES[order.deliveryState as IndianState] ?? '--'})`,
      share: 0.45,
      align: 'left',
    },
    {
      text:
        order.supply === 'intra-state'
          ? 'Intra-state supply: CGST + SGST'
          : 'Inter-state supply: IGST',
      share: 0.33,
      align: 'center',
    },
    { text: 'Reverse charge: No', share: 0.22, align: 'right' },
  ];
  const supplyWidth = (share: number) => width * share - 16;
  const supplyHeight =
    Math.max(
      ...supplyFacts.map(({ text, share }) => measure(doc, text, 'bold', 8.5, supplyWidth(share))),
    ) + 12;
  doc.rect(left, sheet.y, width, supplyHeight).fill(BAND);
  let supplyX = left;
  supplyFacts.forEach(({ text, share, align }, i) => {
    block(doc, text, supplyX + 8, sheet.y + 6, supplyWidth(share), {
      font: i === 0 ? 'bold' : 'body',
      size: 8.5,
      align,
    });
    supplyX += width * share;
  });
  sheet.y += supplyHeight + 14;
}

/**
 * The table's columns, each at its x. Widths fit the largest figures a cart can reach (₹88,420.00
 * in bold on the total row, 180 NOS) on one line; the description takes the rest and wraps.
 */
function lineColumns(sheet: Sheet, intra: boolean): (Column & { x: number })[] {
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
  let x = sheet.left;
  return fixed.map((c) => {
    const col = { ...c, width: c.key === 'desc' ? sheet.width - used : c.width, x };
    x += col.width;
    return col;
  });
}

interface Table {
  sheet: Sheet;
  cols: (Column & { x: number })[];
}

const cellHeight = (doc: PDFKit.PDFDocument, text: string, col: Column, font: 'body' | 'bold') =>
  measure(doc, text || ' ', font, TABLE_FONT_SIZE, col.width - 2 * CELL_X);

/** The table's header: the tax columns' group (CGST, SGST or IGST) above their own labels. */
function drawTableHeader({ sheet, cols }: Table) {
  const { doc, left, width } = sheet;
  const groups = [...new Set(cols.map((c) => c.group).filter(Boolean))] as string[];
  const groupHeight = measure(doc, 'CGST', 'bold', TABLE_FONT_SIZE) + 2 * CELL_Y;
  const labelHeight = Math.max(...cols.map((c) => cellHeight(doc, c.label, c, 'bold')));
  const height = groupHeight + labelHeight + 2 * CELL_Y;
  ensureSpace(sheet, height + 40);
  const y = sheet.y;
  doc.rect(left, y, width, height).fill(BAND);
  const label = { font: 'bold', size: TABLE_FONT_SIZE } as const;
  for (const c of cols) {
    if (c.group) continue;
    // Ungrouped labels sit at the bottom of the header, level with the grouped ones.
    const h = cellHeight(doc, c.label, c, 'bold');
    block(doc, c.label, c.x + CELL_X, y + height - CELL_Y - h, c.width - 2 * CELL_X, {
      ...label,
      align: c.align === 'right' ? 'right' : 'left',
    });
  }
  for (const g of groups) {
    const members = cols.filter((c) => c.group === g);
    const x = members[0]!.x;
    const w = members.reduce((sum, c) => sum + c.width, 0);
    block(doc, g, x, y + CELL_Y, w, { ...label, align: 'center' });
    doc
      .moveTo(x + 3, y + groupHeight)
      .lineTo(x + w - 3, y + groupHeight)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    for (const c of members) {
      block(doc, c.label, c.x + CELL_X, y + groupHeight + CELL_Y, c.width - 2 * CELL_X, {
        ...label,
        align: 'right',
      });
    }
  }
  sheet.y += height;
}

/** A row as tall as its tallest cell, on a new page (under the header again) when it does not fit. */
function drawRow(table: Table, values: Row, opts: { bold?: boolean; fill?: string } = {}) {
  const { sheet, cols } = table;
  const { doc, left, width } = sheet;
  const font = opts.bold ? 'bold' : 'body';
  const height =
    Math.max(...cols.map((c) => cellHeight(doc, values[c.key] ?? '', c, font))) + 2 * CELL_Y;
  if (ensureSpace(sheet, height)) drawTableHeader(table);
  if (opts.fill) doc.rect(left, sheet.y, width, height).fill(opts.fill);
  for (const c of cols) {
    const text = values[c.key];
    if (!text) continue;
    block(doc, text, c.x + CELL_X, sheet.y + CELL_Y, c.width - 2 * CELL_X, {
      font,
      size: TABLE_FONT_SIZE,
      align: c.align,
    });
  }
  sheet.y += height;
  rule(sheet, sheet.y, 0.5);
}

/** The tax cells of a line or a fee: CGST and SGST at half the rate each, or IGST at the whole. */
const taxCells = (intra: boolean, rate: number, cgst: number, sgst: number, igst: number): Row =>
  intra
    ? {
        cgstRate: percent(rate / 2),
        cgst: formatINR(cgst),
        sgstRate: percent(rate / 2),
        sgst: formatINR(sgst),
      }
    : { igstRate: percent(rate), igst: formatINR(igst) };

/** The rows: each line of goods, shipping and the cash-on-delivery fee when charged. */
function itemRows(order: OrderDoc, intra: boolean): Row[] {
  const goods = order.lines.map((line) => {
    // A coupon lowers each line's value before tax (its share is printed under the name).
    const share = line.couponShare ?? 0;
    return {
      desc:
        share > 0 && order.coupon
          ? `${line.name}\nless coupon ${order.coupon.code}: ${formatINR(share)}`
          : line.name,
      hsn: line.hsn,
      qty: `${line.quantity} ${UQC}`,
      price: formatINR(line.unitPrice),
      taxable: formatINR(line.taxableValue),
      ...taxCells(intra, line.gstRate, line.cgst, line.sgst, line.igst),
      total: formatINR(line.amount - share),
    };
  });
  const fees: [string, typeof order.shippingTax | null | undefined][] = [
    ['Shipping and handling', order.shippingTax],
    ['Cash on delivery fee', order.codFeeTax],
  ];
  const charged = fees.flatMap(([desc, fee]) =>
    fee && fee.amount > 0
      ? [
          {
            desc,
            hsn: SHIPPING_SAC,
            taxable: formatINR(fee.taxableValue),
            ...taxCells(intra, fee.rate, fee.cgst, fee.sgst, fee.igst),
            total: formatINR(fee.amount),
          },
        ]
      : [],
  );
  return [...goods, ...charged].map((row, i) => ({ n: String(i + 1), ...row }));
}

/** The table of lines, numbered, then the bold total row. */
function drawLines(sheet: Sheet, order: OrderDoc) {
  const intra = order.supply === 'intra-state';
  const table: Table = { sheet, cols: lineColumns(sheet, intra) };
  drawTableHeader(table);
  for (const row of itemRows(order, intra)) drawRow(table, row);
  const t = order.totals;
  const units = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  drawRow(
    table,
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
}

/** The coupon, the taxable value and each tax, then the total tax. */
function taxSummary(order: OrderDoc): Summary {
  const t = order.totals;
  const coupon: Summary = order.coupon
    ? [[`Coupon ${order.coupon.code}`, `-${formatINR(order.coupon.discount)}`]]
    : [];
  const taxes: Summary =
    order.supply === 'intra-state'
      ? [
          ['CGST', formatINR(t.cgst ?? 0)],
          ['SGST', formatINR(t.sgst ?? 0)],
        ]
      : [['IGST', formatINR(t.igst ?? 0)]];
  return [
    ...coupon,
    ['Taxable value', formatINR(t.taxableValue ?? 0)],
    ...taxes,
    ['Total tax', formatINR(t.taxTotal ?? 0)],
  ];
}

/** The total in words beside the tax summary and the invoice total. */
function drawSummary(sheet: Sheet, order: OrderDoc) {
  const { doc, left, width, right } = sheet;
  const grandTotal = order.totals.grandTotal ?? 0;
  sheet.y += 12;
  const summary = taxSummary(order);
  const summaryWidth = 220;
  const summaryX = right - summaryWidth;
  const wordsWidth = width - summaryWidth - 24;
  const wordsText = amountInWords(grandTotal);
  const summaryHeight = Math.max(
    summary.length * 14 + 24,
    measure(doc, wordsText, 'body', 8.5, wordsWidth) + 16,
  );
  ensureSpace(sheet, summaryHeight);
  const y = sheet.y;
  const wordsLabel = block(doc, 'Invoice total in words', left, y, wordsWidth, {
    font: 'bold',
    size: 7.5,
    color: MUTED,
  });
  block(doc, wordsText, left, y + wordsLabel + 2, wordsWidth, { size: 8.5 });
  let sy = y;
  for (const [label, value] of summary) {
    block(doc, label, summaryX, sy, summaryWidth - 100, { size: 8.5, color: MUTED });
    block(doc, value, right - 100, sy, 100, { size: 8.5, align: 'right' });
    sy += 14;
  }
  sy += 2;
  doc.rect(summaryX, sy, summaryWidth, 20).fill(FOREST);
  const onGreen = { font: 'bold', size: 9, color: '#ffffff' } as const;
  block(doc, 'Invoice total', summaryX + 8, sy + 5, summaryWidth - 116, onGreen);
  block(doc, formatINR(grandTotal), right - 108, sy + 5, 100, { ...onGreen, align: 'right' });
  sheet.y += summaryHeight + 16;
}

/** The declarations on the left, the seller's authorised signatory on the right. */
function drawDeclarations(sheet: Sheet, order: OrderDoc, seller: SellerDetails) {
  const { doc, left, width, right } = sheet;
  const notes = [
    'Tax payable on reverse charge: No. Prices are inclusive of GST.',
    `Paid online by ${paidBy(order)}${order.paidAt ? ` on ${IST.format(order.paidAt)}` : ''}.`,
    'This is a computer-generated invoice.',
  ];
  const notesWidth = width - 220;
  const notesHeight = notes.reduce((sum, n) => sum + measure(doc, n, 'body', 8, notesWidth) + 2, 0);
  const forLine = `For ${seller.legalName}`;
  const signWidth = 200;
  const forHeight = measure(doc, forLine, 'bold', 9, signWidth);
  ensureSpace(sheet, Math.max(notesHeight, forHeight + 34 + 12));
  const y = sheet.y;
  let ny = y;
  for (const n of notes) ny += block(doc, n, left, ny, notesWidth, { size: 8, color: MUTED }) + 2;
  const signX = right - signWidth;
  block(doc, forLine, signX, y, signWidth, { font: 'bold', size: 9, align: 'right' });
  const signLineY = y + forHeight + 30;
  doc
    .moveTo(right - 150, signLineY)
    .lineTo(right, signLineY)
    .lineWidth(0.75)
    .strokeColor(MUTED)
    .stroke();
  block(doc, 'Authorised signatory', signX, signLineY + 4, signWidth, {
    size: 8,
    color: MUTED,
    align: 'right',
  });
}

/** Every page's footer (drawn last, when the page count is known). */
function drawFooters(sheet: Sheet, order: OrderDoc, seller: SellerDetails) {
  const { doc, left, width } = sheet;
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const footerY = doc.page.height - MARGIN - 8;
    // Below the bottom margin: lift the margin so pdfkit does not start another page for it.
    const margins = doc.page.margins;
    doc.page.margins = { ...margins, bottom: 0 };
    block(
      doc,
      `${seller.legalName} · GSTIN ${seller.gstin} · Invoice ${order.invoiceNumber ?? ''} · Page ${i - range.start + 1} of ${range.count}`,
      left,
      footerY,
      width,
      { size: 7, color: MUTED, align: 'center' },
    );
    doc.page.margins = margins;
  }
}

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
  const width = doc.page.width - 2 * MARGIN;
  const sheet: Sheet = { doc, left: MARGIN, width, right: MARGIN + width, y: MARGIN };
  drawHeader(sheet, seller);
  drawFacts(sheet, order);
  drawParties(sheet, order);
  drawSupply(sheet, order);
  drawLines(sheet, order);
  drawSummary(sheet, order);
  drawDeclarations(sheet, order, seller);
  drawFooters(sheet, order, seller);
  doc.end();
  return bytes;
}
