import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Response } from 'express';
import PDFDocument from 'pdfkit';

/**
 * The shop's documents (invoices, credit notes, packing slips, test labels) embed DejaVu Sans for
 * the rupee sign, which PDF's standard fonts lack: a cut of it made by scripts/subset-fonts.sh.
 * Read once, found beside the source or the bundle.
 */
const fonts = new Map<string, Buffer>();
function font(file: string): Buffer {
  let bytes = fonts.get(file);
  if (!bytes) {
    const found = [
      new URL(`../../assets/fonts/${file}`, import.meta.url),
      new URL(`../assets/fonts/${file}`, import.meta.url),
    ]
      .map((u) => fileURLToPath(u))
      .find((f) => existsSync(f));
    if (!found) throw new Error(`Font ${file} not found in apps/api/assets/fonts`);
    bytes = readFileSync(found);
    fonts.set(file, bytes);
  }
  return bytes;
}

/**
 * A new A4 document with the fonts 'body' and 'bold', and its bytes once `doc.end()` is called.
 */
export function newPdf(options: PDFKit.PDFDocumentOptions): {
  doc: PDFKit.PDFDocument;
  bytes: Promise<Buffer>;
} {
  const doc = new PDFDocument({ size: 'A4', ...options });
  doc.registerFont('body', font('DejaVuSans.ttf'));
  doc.registerFont('bold', font('DejaVuSans-Bold.ttf'));
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, bytes };
}

/** Answers a PDF to be shown in the browser (saved as `filename`). */
export const sendPdf = (res: Response, filename: string, pdf: Buffer) =>
  res
    .type('application/pdf')
    .set('Content-Disposition', `inline; filename="${filename}"`)
    .send(pdf);
