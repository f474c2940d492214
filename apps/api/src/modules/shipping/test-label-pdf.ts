import { brand, formatINR } from '@vanya/catalog';
import { newPdf } from '../../platform/pdf';

/** What a shipping label carries. Amounts in paise. */
export interface LabelParcel {
  awb: string;
  courier: string;
  orderNumber: string;
  to: {
    name: string;
    address: string;
    city: string;
    state: string;
    pinCode: string;
    phone: string;
  };
  /** Cash to collect at the door; 0 for a prepaid parcel. */
  collect: number;
}

const LABEL_SIZE: [number, number] = [288, 432];

/**
 * 4 x 6 inch shipping labels like the courier's, one page per parcel: the AWB, who it goes to,
 * from whom, and whether cash is collected. Test mode draws them here (clearly marked as a test);
 * the local Shiprocket server of the tests serves them too.
 */
export function renderTestLabels(parcels: readonly LabelParcel[]): Promise<Buffer> {
  const { doc, bytes } = newPdf({
    size: LABEL_SIZE,
    margin: 18,
    autoFirstPage: false,
    info: {
      Title: `Shipping labels ${parcels.map((p) => p.awb).join(', ')}`,
      Author: brand.name,
    },
  });
  for (const parcel of parcels) {
    doc.addPage({ size: LABEL_SIZE, margin: 18 });
    drawLabel(doc, parcel);
  }
  doc.end();
  return bytes;
}

function drawLabel(doc: PDFKit.PDFDocument, parcel: LabelParcel): void {
  const left = 18;
  const width = 252;
  doc.font('bold').fontSize(9).fillColor('#b00020').text('TEST LABEL: NOT FOR SHIPPING', left, 18);
  doc.font('bold').fontSize(12).fillColor('#000000').text(parcel.courier, left, 34, { width });
  doc.font('body').fontSize(9).text('AWB', left, 58);
  doc.font('bold').fontSize(18).text(parcel.awb, left, 70, { width });
  doc
    .font('bold')
    .fontSize(11)
    .text(parcel.collect > 0 ? `COD: collect ${formatINR(parcel.collect)}` : 'PREPAID', left, 100);
  doc
    .moveTo(left, 122)
    .lineTo(left + width, 122)
    .stroke();
  doc.font('body').fontSize(9).text('SHIP TO', left, 130);
  doc
    .font('bold')
    .fontSize(11)
    .text(
      [
        parcel.to.name,
        parcel.to.address,
        `${parcel.to.city}, ${parcel.to.state} ${parcel.to.pinCode}`,
        `Phone ${parcel.to.phone}`,
      ].join('\n'),
      left,
      144,
      { width },
    );
  doc
    .moveTo(left, 300)
    .lineTo(left + width, 300)
    .stroke();
  const from = brand.address;
  doc.font('body').fontSize(9).text('FROM', left, 308);
  doc
    .font('body')
    .fontSize(9)
    .text(`${brand.name}\n${from.city}, ${from.state} ${from.pinCode}`, left, 322, { width });
  doc.font('bold').fontSize(10).text(`Order ${parcel.orderNumber}`, left, 390, { width });
}
