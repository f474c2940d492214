import { brand } from '@vanya/catalog';
import type { OrderDoc } from '../orders/order.model';
import { newPdf } from '../../platform/pdf';

/**
 * The slip that goes into the parcel: who it is for, where it goes, what is inside and how many.
 * No prices (the invoice has them); a box to tick per line for whoever packs it.
 */
export function renderPackingSlip(order: OrderDoc): Promise<Buffer> {
  return renderPackingSlips([order], `Packing slip ${order.orderNumber}`);
}

/** The slips of several orders in one PDF, a page each: the day's packing printed at once. */
export function renderPackingSlips(
  orders: readonly OrderDoc[],
  title = `Packing slips (${orders.length})`,
): Promise<Buffer> {
  const { doc, bytes } = newPdf({
    margin: 48,
    autoFirstPage: false,
    info: { Title: title, Author: brand.name },
  });
  for (const order of orders) {
    doc.addPage();
    drawSlip(doc, order);
  }
  doc.end();
  return bytes;
}

function drawSlip(doc: PDFKit.PDFDocument, order: OrderDoc): void {
  const left = 48;
  const width = doc.page.width - 96;

  doc.fillColor(brand.colors.forest).font('bold').fontSize(20).text(brand.name, left, 48);
  doc.font('body').fontSize(10).fillColor('#55605a').text('Packing slip', left, 74);
  doc
    .font('bold')
    .fontSize(14)
    .fillColor('#000000')
    .text(order.orderNumber, left, 52, { width, align: 'right' });
  doc
    .font('body')
    .fontSize(9)
    .fillColor('#55605a')
    .text(`Placed ${order.createdAt.toISOString().slice(0, 10)}`, left, 72, {
      width,
      align: 'right',
    });

  let y = 112;
  doc.font('bold').fontSize(10).fillColor('#55605a').text('SHIP TO', left, y);
  y += 16;
  const address = [
    `${order.firstName} ${order.lastName}`,
    order.address,
    `${order.city}, ${order.state} ${order.pinCode}`,
    'India',
    `Phone ${order.phone}`,
  ];
  doc.font('body').fontSize(12).fillColor('#000000');
  for (const line of address) {
    doc.text(line, left, y, { width: width * 0.6 });
    y += doc.heightOfString(line, { width: width * 0.6 }) + 2;
  }

  y += 18;
  doc.rect(left, y, width, 22).fill('#F3EDE2');
  doc.fillColor('#000000').font('bold').fontSize(10);
  doc.text('Item', left + 30, y + 6);
  doc.text('Quantity', left, y + 6, { width: width - 8, align: 'right' });
  y += 28;
  doc.font('body').fontSize(11);
  for (const line of order.lines) {
    const h = Math.max(16, doc.heightOfString(line.name, { width: width - 140 }));
    doc
      .rect(left + 6, y + 1, 11, 11)
      .lineWidth(1)
      .strokeColor('#55605a')
      .stroke();
    doc.fillColor('#000000').text(line.name, left + 30, y, { width: width - 140 });
    doc.text(`${line.quantity} NOS`, left, y, { width: width - 8, align: 'right' });
    y += h + 10;
    doc
      .moveTo(left, y - 5)
      .lineTo(left + width, y - 5)
      .strokeColor('#d8ccb6')
      .stroke();
  }
  const count = order.lines.reduce((n, l) => n + l.quantity, 0);
  doc.font('bold').text(`${count} NOS in all`, left, y + 4, { width: width - 8, align: 'right' });
  doc
    .font('body')
    .fontSize(9)
    .fillColor('#55605a')
    .text(
      `Questions about this parcel? ${brand.supportEmail} · ${brand.phone}`,
      left,
      doc.page.height - 72,
      { width, align: 'center' },
    );
}
