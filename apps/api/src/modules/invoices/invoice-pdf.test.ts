import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { formatINR, priceOrder } from '@vanya/catalog';
import type { PricedLine } from '@vanya/catalog';
import { Types } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../testing/pdf';
import { overlappingWords, pdfWords, renderPdfPages } from '../../testing/poppler';
import type { WordBox } from '../../testing/poppler';
import type { OrderDoc } from '../orders/order.model';
import { renderInvoicePdf } from './invoice-pdf';

const SELLER = { legalName: 'Vanya Naturals Private Limited', gstin: '27AAPFU0939F1ZV' };

const LONG_ADDRESS =
  'Flat 1204, Tower B, Sahyadri Heights Co-operative Housing Society, Behind Old Municipal Water Tank, Off Ambajogai Road, Near Shri Siddheshwar Temple and Ganesh Nagar Bus Stop, Opposite Kulkarni Clinic, Ward No. 14, Prakash Nagar Extension';
const LONG_CITY = 'Chhatrapati Sambhajinagar (Aurangabad) Cantonment Area';

interface OrderOptions {
  state?: string;
  city?: string;
  pinCode?: string;
  address?: string;
  items?: { productId: string; quantity: number }[];
  gstNumber?: string;
  /** Replaces the priced lines' names (for the table's wrapping). */
  names?: string[];
  /** Repeats the priced lines, as an invoice far longer than any cart would be. */
  repeatLines?: number;
}

/** A paid order as stored: priced by packages/catalog, numbered and dated. */
function paidOrder(options: OrderOptions = {}): OrderDoc {
  const state = options.state ?? 'Maharashtra';
  const priced = priceOrder(
    options.items ?? [
      { productId: 'Bodybutter', quantity: 2 },
      { productId: 'TanGoneSoap', quantity: 1 },
    ],
    { deliveryState: state },
  );
  let lines: PricedLine[] = priced.lines.map((line, i) => ({
    ...line,
    name: options.names?.[i] ?? line.name,
  }));
  if (options.repeatLines) lines = Array.from({ length: options.repeatLines }, () => lines).flat();
  const { lines: _lines, shippingTax, supply, ...totals } = priced;
  const paidAt = new Date('2025-08-14T09:31:00Z');
  const order = {
    _id: new Types.ObjectId(),
    orderNumber: 'VNY-204518',
    status: 'paid',
    firstName: 'Asha',
    lastName: 'Kulkarni',
    email: 'asha.kulkarni@example.in',
    phone: '9822045123',
    address: options.address ?? '12 Shivaji Nagar, Near Ganesh Mandir',
    city: options.city ?? (state === 'Maharashtra' ? 'Latur' : 'Bengaluru'),
    state,
    pinCode: options.pinCode ?? (state === 'Maharashtra' ? '413512' : '560001'),
    country: 'IN',
    paymentMethod: 'upi',
    gstNumber: options.gstNumber ?? '',
    deliveryState: state,
    supply,
    lines,
    totals,
    shippingTax,
    provider: 'test',
    paymentId: 'pay_QkX2mN8rT5vB1c',
    paidAt,
    invoiceNumber: 'VNY/2025-26/000042',
    invoiceDate: paidAt,
  };
  return order as unknown as OrderDoc;
}

/** The words of the line whose first word is `first` (same baseline), left to right. */
function rowOf(words: WordBox[], first: string): string {
  const anchor = words.find((w) => w.text === first);
  if (!anchor) throw new Error(`No word "${first}" in the PDF`);
  return words
    .filter((w) => w.page === anchor.page && Math.abs(w.yMin - anchor.yMin) < 1)
    .sort((a, b) => a.xMin - b.xMin)
    .map((w) => w.text)
    .join(' ');
}

/** Every line of text: the words sharing a baseline, left to right. */
function rows(words: WordBox[]): string[] {
  const lines = new Map<string, WordBox[]>();
  for (const w of words) {
    const key = `${w.page}:${Math.round(w.yMin)}`;
    lines.set(key, [...(lines.get(key) ?? []), w]);
  }
  return [...lines.values()].map((line) =>
    line
      .sort((a, b) => a.xMin - b.xMin)
      .map((w) => w.text)
      .join(' '),
  );
}

const describeOverlaps = (pairs: [WordBox, WordBox][]) =>
  pairs.map(([a, b]) => `"${a.text}" over "${b.text}" at y ${a.yMin.toFixed(1)}`);

/** Set INVOICE_PNG_DIR to keep the rendered pages for a look. */
function keepPages(name: string, pages: Buffer[]) {
  const dir = process.env.INVOICE_PNG_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  pages.forEach((png, i) => writeFileSync(path.join(dir, `${name}-${i + 1}.png`), png));
}

describe('the GST tax invoice PDF', () => {
  it('prints the particulars of CGST rule 46 for a delivery inside Maharashtra', async () => {
    const order = paidOrder();
    const text = await pdfText(await renderInvoicePdf(order, SELLER));
    for (const expected of [
      'TAX INVOICE',
      SELLER.legalName,
      'GSTIN 27AAPFU0939F1ZV',
      'VNY/2025-26/000042',
      '14 Aug 2025',
      'VNY-204518',
      'Billed to'.toUpperCase(),
      'Shipped to'.toUpperCase(),
      'Asha Kulkarni',
      '12 Shivaji Nagar, Near Ganesh Mandir',
      'Latur 413512',
      'Maharashtra (State code 27), India',
      'Place of supply: Maharashtra (27)',
      'Intra-state supply: CGST + SGST',
      'Reverse charge: No',
      'HSN/SAC',
      'Invoice total',
      formatINR(order.totals.grandTotal),
      'Rupees',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('IGST');
  });

  it('gives each line its HSN, quantity in NOS and the CGST and SGST rates apart', async () => {
    const order = paidOrder();
    const words = await pdfWords(await renderInvoicePdf(order, SELLER));
    const [butter, soap] = order.lines;
    expect(rows(words)).toContain('CGST SGST');
    expect(rowOf(words, 'Body')).toBe(
      `1 Body Butter 3304 2 NOS ${formatINR(butter!.unitPrice)} ${formatINR(butter!.taxableValue)} 9% ${formatINR(butter!.cgst)} 9% ${formatINR(butter!.sgst)} ${formatINR(butter!.amount)}`,
    );
    expect(rowOf(words, 'Tan.Gone.Soap')).toBe(
      `2 Tan.Gone.Soap 3401 1 NOS ${formatINR(soap!.unitPrice)} ${formatINR(soap!.taxableValue)} 2.5% ${formatINR(soap!.cgst)} 2.5% ${formatINR(soap!.sgst)} ${formatINR(soap!.amount)}`,
    );
    expect(rowOf(words, 'Total')).toBe(
      `Total 3 NOS ${formatINR(order.totals.taxableValue)} ${formatINR(order.totals.cgst)} ${formatINR(order.totals.sgst)} ${formatINR(order.totals.grandTotal)}`,
    );
  });

  it('charges IGST at the full rate for a delivery to another state', async () => {
    const order = paidOrder({ state: 'Karnataka' });
    const pdf = await renderInvoicePdf(order, SELLER);
    const text = await pdfText(pdf);
    expect(text).toContain('Place of supply: Karnataka (29)');
    expect(text).toContain('Inter-state supply: IGST');
    expect(text).not.toMatch(/CGST|SGST/);
    const words = await pdfWords(pdf);
    const [butter, soap] = order.lines;
    expect(rowOf(words, 'Body')).toBe(
      `1 Body Butter 3304 2 NOS ${formatINR(butter!.unitPrice)} ${formatINR(butter!.taxableValue)} 18% ${formatINR(butter!.igst)} ${formatINR(butter!.amount)}`,
    );
    expect(rowOf(words, 'Tan.Gone.Soap')).toContain(`3401 1 NOS`);
    expect(rowOf(words, 'Tan.Gone.Soap')).toContain(`5% ${formatINR(soap!.igst)}`);
  });

  it('prints a registered buyer’s GSTIN', async () => {
    const text = await pdfText(
      await renderInvoicePdf(paidOrder({ gstNumber: '27AABCK4521M1ZG' }), SELLER),
    );
    expect(text).toContain('Buyer GSTIN 27AABCK4521M1ZG');
  });

  it('closes with the authorised signatory of the seller', async () => {
    const pdf = await renderInvoicePdf(paidOrder(), SELLER);
    expect(await pdfText(pdf)).toMatch(
      /For Vanya Naturals Private Limited[\s\S]*Authorised signatory/,
    );
    const words = await pdfWords(pdf);
    const forWord = words.find((w) => w.text === 'For')!;
    const signatory = words.find((w) => w.text === 'Authorised')!;
    // Room to sign between the two.
    expect(signatory.yMin - forWord.yMax).toBeGreaterThan(20);
  });

  describe.each([
    ['intra-state', 'Maharashtra'],
    ['inter-state', 'Karnataka'],
  ])('laid out for a very long address (%s)', (supply, state) => {
    // Rendered once, on first use: without poppler every test below fails with what to install.
    let rendered: Promise<{ words: WordBox[]; pages: Buffer[]; warnings: string }> | undefined;
    const layout = () =>
      (rendered ??= (async () => {
        const pdf = await renderInvoicePdf(
          paidOrder({
            state,
            address: LONG_ADDRESS,
            city: LONG_CITY,
            pinCode: '431001',
            names: ['Body Butter with Kokum, Shea and Wild Turmeric, Whipped Small-Batch Jar'],
          }),
          SELLER,
        );
        const { pages, warnings } = await renderPdfPages(pdf);
        keepPages(`invoice-long-address-${supply}`, pages);
        return { words: await pdfWords(pdf), pages, warnings };
      })());

    it('draws no text over other text', async () => {
      const { words } = await layout();
      expect(describeOverlaps(overlappingWords(words))).toEqual([]);
    });

    it('puts the city and PIN below the whole wrapped street address, in both blocks', async () => {
      const { words } = await layout();
      // The address's last word and the city line's PIN, once per block (billed, shipped).
      const ends = words.filter((w) => w.text === 'Extension');
      const pins = words.filter((w) => w.text === '431001');
      expect(ends).toHaveLength(2);
      expect(pins).toHaveLength(2);
      for (const [end, pin] of ends.map((e, i) => [e, pins[i]!] as const)) {
        expect(pin.yMin).toBeGreaterThanOrEqual(end.yMax);
        expect(Math.abs(pin.xMin - end.xMin)).toBeLessThan(260); // the same column
      }
    });

    it('starts the supply details and the table below the taller address block', async () => {
      const { words } = await layout();
      // The blocks end with the email (billed to) and the phone number (both).
      const blockEnds = words.filter(
        (w) => w.text === 'asha.kulkarni@example.in' || w.text === '9822045123',
      );
      expect(blockEnds).toHaveLength(3);
      const placeOfSupply = words.find((w) => w.text === 'Place')!;
      expect(placeOfSupply.yMin).toBeGreaterThan(Math.max(...blockEnds.map((w) => w.yMax)));
      const tableHeader = words.find((w) => w.text === 'HSN/SAC')!;
      expect(tableHeader.yMin).toBeGreaterThan(placeOfSupply.yMax);
    });

    it('wraps a long product name inside its row', async () => {
      const { words } = await layout();
      const nameEnd = words.find((w) => w.text === 'Jar')!;
      const nextRow = words.find((w) => w.text === 'Tan.Gone.Soap')!;
      expect(nameEnd.yMin).toBeGreaterThan(words.find((w) => w.text === 'Kokum,')!.yMin);
      expect(nextRow.yMin).toBeGreaterThan(nameEnd.yMax);
    });

    it('renders as one clean A4 page', async () => {
      const { pages, warnings } = await layout();
      expect(warnings).toBe('');
      expect(pages).toHaveLength(1);
      const png = pages[0]!;
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      // IHDR: width and height in pixels at 100 dpi, A4 (210 x 297 mm).
      expect(png.readUInt32BE(16)).toBe(827);
      expect(png.readUInt32BE(20)).toBe(1170);
    });
  });

  it('continues a long invoice on a new page with the table header again and numbered pages', async () => {
    const pdf = await renderInvoicePdf(
      paidOrder({ address: LONG_ADDRESS, repeatLines: 16 }),
      SELLER,
    );
    const words = await pdfWords(pdf);
    const { pages, warnings } = await renderPdfPages(pdf);
    keepPages('invoice-two-pages', pages);
    expect(warnings).toBe('');
    expect(pages).toHaveLength(2);
    expect(describeOverlaps(overlappingWords(words))).toEqual([]);
    // Line numbers of two digits stay on one line.
    expect(rows(words)).toContainEqual(expect.stringMatching(/^10 Tan\.Gone\.Soap 3401 1 NOS /));
    const headers = words.filter((w) => w.text === 'HSN/SAC');
    expect(headers.map((w) => w.page)).toEqual([0, 1]);
    const text = await pdfText(pdf);
    expect(text).toContain('Page 1 of 2');
    expect(text).toContain('Page 2 of 2');
    expect(words.filter((w) => w.text === 'Authorised').map((w) => w.page)).toEqual([1]);
  });
});
