import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { amountInWords, brand, formatINR, GST_STATE_CODES } from '@vanya/catalog';
import type { IndianState } from '@vanya/catalog';
import PDFDocument from 'pdfkit';
import type { OrderDoc } from '../orders/order.model';

export interface SellerDetails {
  legalName: string;
  gstin: string;
}

/** The fonts ship with the API (they carry the rupee sign); found beside the source or the bundle. */
function fontPath(file: string): string {
  const candidates = [
    new URL(`../../../assets/fonts/${file}`, import.meta.url),
    new URL(`../assets/fonts/${file}`, import.meta.url),
  ];
  const found = candidates.map((u) => fileURLToPath(u)).find((f) => existsSync(f));
  if (!found) throw new Error(`Invoice font ${file} not found in apps/api/assets/fonts`);
  return found;
}

const IST = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: '2-digit',
  month: 'short',
  year: 'numeric',
});
const placeOfSupply = (state: string) =>
  `${state} (${GST_STATE_CODES[state as IndianState] ?? '--'})`;

const FOREST = brand.colors.forest;
const MUTED = '#55605a';
const RULE = '#d8ccb6';

/**
 * A GST tax invoice for a paid order (CGST Rules, rule 46): seller and GSTIN, a consecutive number,
 * date, buyer and delivery address, place of supply, each line's HSN, quantity, taxable value, rate
 * and tax (CGST + SGST inside the seller's state, IGST elsewhere), and totals that are the sums of
 * the printed lines, to the paisa, because they are the stored figures of packages/catalog.
 */
export function renderInvoicePdf(order: OrderDoc, seller: SellerDetails): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 36,
    info: { Title: `Tax invoice ${order.invoiceNumber}`, Author: seller.legalName },
  });
  doc.registerFont('body', fontPath('DejaVuSans.ttf'));
  doc.registerFont('bold', fontPath('DejaVuSans-Bold.ttf'));
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = 36;
  const width = doc.page.width - 72;
  const intra = order.supply === 'intra-state';

  // Header band.
  doc.rect(0, 0, doc.page.width, 86).fill(FOREST);
  doc.fillColor('#ffffff').font('bold').fontSize(20).text(seller.legalName, left, 26);
  doc
    .font('body')
    .fontSize(9)
    .text(
      `${brand.address.line1}, ${brand.address.line2}, ${brand.address.city}, ${brand.address.state} ${brand.address.pinCode}`,
      left,
      52,
    );
  doc.text(`GSTIN ${seller.gstin} · ${brand.supportEmail} · ${brand.phone}`, left, 65);
  doc.font('bold').fontSize(16).text('TAX INVOICE', left, 30, { width, align: 'right' });

  // Invoice facts.
  doc.fillColor('#000000').font('body').fontSize(9);
  let y = 104;
  const fact = (label: string, value: string, x: number) => {
    doc.fillColor(MUTED).text(label, x, y);
    doc
      .fillColor('#000000')
      .font('bold')
      .text(value, x, y + 11);
    doc.font('body');
  };
  fact('Invoice number', order.invoiceNumber ?? '', left);
  fact('Invoice date', IST.format(order.invoiceDate ?? order.paidAt ?? new Date()), left + 135);
  fact('Order number', order.orderNumber, left + 255);
  fact('Payment ID', order.paymentId ?? '', left + 370);

  // Parties.
  y = 146;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .strokeColor(RULE)
    .stroke();
  y += 10;
  const buyerName = `${order.firstName} ${order.lastName}`;
  const addressLines = [
    buyerName,
    order.address,
    `${order.city}, ${order.state} ${order.pinCode}`,
    'India',
    `Phone ${order.phone}`,
    order.email,
  ];
  doc
    .fillColor(MUTED)
    .text('Billed to', left, y)
    .text('Shipped to', left + width / 2, y);
  doc.fillColor('#000000');
  addressLines.forEach((line, i) => {
    doc.text(line, left, y + 13 + i * 12, { width: width / 2 - 10 });
    doc.text(line, left + width / 2, y + 13 + i * 12, { width: width / 2 - 10 });
  });
  y += 13 + addressLines.length * 12 + 4;
  if (order.gstNumber) {
    doc.text(`Buyer GSTIN ${order.gstNumber}`, left, y);
    y += 12;
  }
  doc.font('bold').text(`Place of supply: ${placeOfSupply(order.deliveryState)}`, left, y);
  doc
    .font('body')
    .text(
      intra ? 'Intra-state supply: CGST + SGST' : 'Inter-state supply: IGST',
      left + width / 2,
      y,
    );
  y += 22;

  // Lines.
  const cols = intra
    ? [
        { key: 'desc', label: 'Item', w: 140 },
        { key: 'hsn', label: 'HSN', w: 38 },
        { key: 'qty', label: 'Qty', w: 26, right: true },
        { key: 'price', label: 'Unit price', w: 58, right: true },
        { key: 'taxable', label: 'Taxable value', w: 66, right: true },
        { key: 'rate', label: 'GST', w: 30, right: true },
        { key: 'cgst', label: 'CGST', w: 52, right: true },
        { key: 'sgst', label: 'SGST', w: 52, right: true },
        { key: 'total', label: 'Amount', w: 61, right: true },
      ]
    : [
        { key: 'desc', label: 'Item', w: 166 },
        { key: 'hsn', label: 'HSN', w: 40 },
        { key: 'qty', label: 'Qty', w: 28, right: true },
        { key: 'price', label: 'Unit price', w: 62, right: true },
        { key: 'taxable', label: 'Taxable value', w: 72, right: true },
        { key: 'rate', label: 'GST', w: 32, right: true },
        { key: 'igst', label: 'IGST', w: 60, right: true },
        { key: 'total', label: 'Amount', w: 63, right: true },
      ];
  const row = (values: Record<string, string>, opts: { bold?: boolean; fill?: string } = {}) => {
    const height = 20;
    if (opts.fill) doc.rect(left, y - 5, width, height).fill(opts.fill);
    doc
      .fillColor('#000000')
      .font(opts.bold ? 'bold' : 'body')
      .fontSize(8.5);
    let x = left;
    for (const col of cols) {
      doc.text(values[col.key] ?? '', x + 2, y, {
        width: col.w - 4,
        align: col.right ? 'right' : 'left',
        lineBreak: false,
        ellipsis: true,
      });
      x += col.w;
    }
    y += height;
  };
  row(Object.fromEntries(cols.map((c) => [c.key, c.label])), {
    bold: true,
    fill: brand.colors.beige,
  });
  for (const line of order.lines) {
    row({
      desc: line.name,
      hsn: line.hsn,
      qty: String(line.quantity),
      price: formatINR(line.unitPrice),
      taxable: formatINR(line.taxableValue),
      rate: `${line.gstRate}%`,
      cgst: formatINR(line.cgst),
      sgst: formatINR(line.sgst),
      igst: formatINR(line.igst),
      total: formatINR(line.amount),
    });
  }
  const ship = order.shippingTax;
  if (ship && ship.amount > 0) {
    row({
      desc: 'Shipping',
      hsn: '9965',
      qty: '1',
      price: formatINR(ship.amount),
      taxable: formatINR(ship.taxableValue),
      rate: `${ship.rate}%`,
      cgst: formatINR(ship.cgst),
      sgst: formatINR(ship.sgst),
      igst: formatINR(ship.igst),
      total: formatINR(ship.amount),
    });
  }
  const t = order.totals;
  row(
    {
      desc: 'Total',
      taxable: formatINR(t.taxableValue ?? 0),
      cgst: formatINR(t.cgst ?? 0),
      sgst: formatINR(t.sgst ?? 0),
      igst: formatINR(t.igst ?? 0),
      total: formatINR(t.grandTotal ?? 0),
    },
    { bold: true, fill: brand.colors.beige },
  );

  // Summary.
  y += 8;
  const summary: [string, string][] = [
    ['Taxable value', formatINR(t.taxableValue ?? 0)],
    ...(intra
      ? ([
          ['CGST', formatINR(t.cgst ?? 0)],
          ['SGST', formatINR(t.sgst ?? 0)],
        ] as [string, string][])
      : ([['IGST', formatINR(t.igst ?? 0)]] as [string, string][])),
    ['Total tax', formatINR(t.taxTotal ?? 0)],
    ['Invoice total (inclusive of GST)', formatINR(t.grandTotal ?? 0)],
  ];
  for (const [label, value] of summary) {
    const last = label.startsWith('Invoice total');
    doc
      .font(last ? 'bold' : 'body')
      .fontSize(last ? 10 : 9)
      .fillColor('#000000');
    doc.text(label, left + width - 300, y, { width: 190, align: 'right' });
    doc.text(value, left + width - 105, y, { width: 105, align: 'right' });
    y += last ? 16 : 13;
  }
  doc
    .font('body')
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(amountInWords(t.grandTotal ?? 0), left, y + 4, { width });
  y += 28;
  doc.text('Tax payable under reverse charge: No. Prices are inclusive of GST.', left, y, {
    width,
  });
  doc.text(
    `Paid online (${order.paymentMethod === 'card' ? 'card' : 'UPI'}). This is a computer-generated invoice and needs no signature.`,
    left,
    y + 12,
    { width },
  );
  doc
    .fillColor('#000000')
    .font('bold')
    .text(`For ${seller.legalName}`, left, y + 40, { width, align: 'right' });
  doc
    .font('body')
    .fillColor(MUTED)
    .text('Authorised signatory', left, y + 54, { width, align: 'right' });

  doc.end();
  return done;
}
