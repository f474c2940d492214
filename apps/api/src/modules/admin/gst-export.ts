import { GST_STATE_CODES } from '@vanya/catalog';
import type { IndianState } from '@vanya/catalog';
import type { GstExport } from '@vanya/contracts';
import { trusted } from 'mongoose';
import { CreditNoteModel, invoiceLines } from '../invoices/credit-notes';
import type { CreditNoteDoc } from '../invoices/credit-notes';
import { OrderModel } from '../orders/order.model';
import type { OrderDoc } from '../orders/order.model';

const IST_MS = 330 * 60_000;

/** '27-Maharashtra', as GSTR-1 names a place of supply. */
const placeOfSupply = (state: string) =>
  `${GST_STATE_CODES[state as IndianState] ?? '--'}-${state}`;

/** The IST day's first and last millisecond of YYYY-MM-DD. */
function istDay(day: string, end: boolean): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) - IST_MS + (end ? 24 * 60 * 60_000 - 1 : 0));
}
const istDate = (at: Date) => new Date(at.getTime() + IST_MS).toISOString().slice(0, 10);

interface Figures {
  taxableValue: number;
  igst: number;
  cgst: number;
  sgst: number;
}
const zero = (): Figures => ({ taxableValue: 0, igst: 0, cgst: 0, sgst: 0 });
const add = (into: Figures, l: Figures) => {
  into.taxableValue += l.taxableValue;
  into.igst += l.igst;
  into.cgst += l.cgst;
  into.sgst += l.sgst;
};

/** The lines of one document summed per GST rate. */
function byRate(lines: ({ rate: number } & Figures)[]): Map<number, Figures> {
  const rates = new Map<number, Figures>();
  for (const l of lines) {
    const f = rates.get(l.rate) ?? zero();
    add(f, l);
    rates.set(l.rate, f);
  }
  return rates;
}

/**
 * The GSTR-1 tables of the invoices and credit notes dated inside [from, to] (IST days): B2B
 * invoices per buyer GSTIN and rate (table 4A), B2C small per place of supply and rate (table 7;
 * no invoice of this shop reaches the B2C-large limit), the HSN summary (table 12), and credit notes
 * to registered and unregistered buyers (tables 9B). Every figure is a sum of the stored figures of
 * the documents, so the tables add up to the invoices and notes to the paisa.
 */
export async function gstExport(from: string, to: string): Promise<GstExport> {
  const range = trusted({ $gte: istDay(from, false), $lte: istDay(to, true) });
  const [orders, notes] = await Promise.all([
    OrderModel.find({ invoiceDate: range }).sort({ invoiceDate: 1 }).lean<OrderDoc[]>(),
    CreditNoteModel.find({ date: range }).sort({ date: 1 }).lean<CreditNoteDoc[]>(),
  ]);
  const invoices = orders.filter((o) => o.invoiceNumber);

  const b2b: GstExport['b2b'] = [];
  const b2cs = new Map<string, GstExport['b2cs'][number]>();
  const hsn = new Map<string, GstExport['hsn'][number]>();
  const totals = {
    invoices: { count: 0, value: 0, ...zero() },
    creditNotes: { count: 0, value: 0, ...zero() },
  };

  for (const order of invoices) {
    const lines = invoiceLines(order);
    totals.invoices.count += 1;
    totals.invoices.value += order.totals.grandTotal;
    for (const l of lines) {
      add(totals.invoices, l);
      const key = `${l.hsn}|${l.rate}`;
      const row = hsn.get(key) ?? {
        hsn: l.hsn,
        description: l.name,
        uqc: 'NOS',
        rate: l.rate,
        quantity: 0,
        totalValue: 0,
        ...zero(),
      };
      row.quantity += l.quantity;
      row.totalValue += l.amount;
      add(row, l);
      hsn.set(key, row);
    }
    const pos = placeOfSupply(order.deliveryState);
    for (const [rate, f] of byRate(lines)) {
      if (order.gstNumber) {
        b2b.push({
          gstin: order.gstNumber,
          receiverName: `${order.firstName} ${order.lastName}`,
          invoiceNumber: order.invoiceNumber!,
          invoiceDate: istDate(order.invoiceDate!),
          invoiceValue: order.totals.grandTotal,
          placeOfSupply: pos,
          reverseCharge: 'N',
          rate,
          ...f,
        });
      } else {
        const key = `${pos}|${rate}`;
        const row = b2cs.get(key) ?? { type: 'OE', placeOfSupply: pos, rate, ...zero() };
        add(row, f);
        b2cs.set(key, row);
      }
    }
  }

  const creditNotes: GstExport['creditNotes'] = [];
  for (const note of notes) {
    totals.creditNotes.count += 1;
    totals.creditNotes.value += note.amount;
    for (const l of note.lines) add(totals.creditNotes, l);
    for (const [rate, f] of byRate(note.lines)) {
      creditNotes.push({
        registered: Boolean(note.gstNumber),
        gstin: note.gstNumber,
        receiverName: note.buyerName,
        noteNumber: note.number,
        noteDate: istDate(note.date),
        invoiceNumber: note.invoiceNumber,
        invoiceDate: istDate(note.invoiceDate),
        noteType: 'C',
        placeOfSupply: placeOfSupply(note.deliveryState),
        noteValue: note.amount,
        rate,
        ...f,
      });
    }
  }

  return {
    from,
    to,
    b2b,
    b2cs: [...b2cs.values()].sort((a, b) =>
      a.placeOfSupply === b.placeOfSupply
        ? a.rate - b.rate
        : a.placeOfSupply < b.placeOfSupply
          ? -1
          : 1,
    ),
    hsn: [...hsn.values()].sort((a, b) =>
      a.hsn === b.hsn ? a.rate - b.rate : a.hsn < b.hsn ? -1 : 1,
    ),
    creditNotes,
    totals,
  };
}

const money = (paise: number) => (paise / 100).toFixed(2);
const cell = (v: unknown) => {
  const text = String(v);
  return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** The same tables as CSV, one after the other, each under its GSTR-1 name; amounts in rupees. */
export function gstCsv(report: GstExport): string {
  const table = (title: string, header: string[], rows: unknown[][]) =>
    [title, header.join(','), ...rows.map((r) => r.map(cell).join(','))].join('\n');
  const figures = (f: Figures) => [
    money(f.taxableValue),
    money(f.igst),
    money(f.cgst),
    money(f.sgst),
  ];
  const taxHeader = ['Taxable Value', 'Integrated Tax', 'Central Tax', 'State/UT Tax'];
  return (
    [
      `GSTR-1 ${report.from} to ${report.to}`,
      table(
        'B2B (4A)',
        [
          'GSTIN of Recipient',
          'Receiver Name',
          'Invoice Number',
          'Invoice date',
          'Invoice Value',
          'Place Of Supply',
          'Reverse Charge',
          'Rate',
          ...taxHeader,
        ],
        report.b2b.map((r) => [
          r.gstin,
          r.receiverName,
          r.invoiceNumber,
          r.invoiceDate,
          money(r.invoiceValue),
          r.placeOfSupply,
          r.reverseCharge,
          r.rate,
          ...figures(r),
        ]),
      ),
      table(
        'B2CS (7)',
        ['Type', 'Place Of Supply', 'Rate', ...taxHeader],
        report.b2cs.map((r) => [r.type, r.placeOfSupply, r.rate, ...figures(r)]),
      ),
      table(
        'HSN (12)',
        ['HSN', 'Description', 'UQC', 'Total Quantity', 'Total Value', 'Rate', ...taxHeader],
        report.hsn.map((r) => [
          r.hsn,
          r.description,
          r.uqc,
          r.quantity,
          money(r.totalValue),
          r.rate,
          ...figures(r),
        ]),
      ),
      table(
        'Credit notes (9B)',
        [
          'Registered',
          'GSTIN of Recipient',
          'Receiver Name',
          'Note Number',
          'Note Date',
          'Invoice Number',
          'Invoice Date',
          'Note Type',
          'Place Of Supply',
          'Note Value',
          'Rate',
          ...taxHeader,
        ],
        report.creditNotes.map((r) => [
          r.registered ? 'Y' : 'N',
          r.gstin,
          r.receiverName,
          r.noteNumber,
          r.noteDate,
          r.invoiceNumber,
          r.invoiceDate,
          r.noteType,
          r.placeOfSupply,
          money(r.noteValue),
          r.rate,
          ...figures(r),
        ]),
      ),
    ].join('\n\n') + '\n'
  );
}
