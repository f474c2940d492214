import { calendarDateInIndia, GST_CLASSES, GST_STATE_CODES } from '@vanya/catalog';
import type { IndianState } from '@vanya/catalog';
import type { GstExport } from '@vanya/contracts';
import { trusted } from 'mongoose';
import { CreditNoteModel } from '../invoices/credit-note.model';
import type { CreditNoteDoc } from '../invoices/credit-note.model';
import { invoiceLines, SHIPPING_SAC } from '../invoices/credit-notes';
import { OrderModel } from '../orders/order.model';
import type { OrderDoc } from '../orders/order.model';

const IST_MS = 330 * 60_000;

/** '27-Maharashtra', as GSTR-1 names a place of supply. */
const placeOfSupply = (state: string) =>
  `${GST_STATE_CODES[state as IndianState] ?? '--'}-${state}`;

/** The first (or, `end`, the last) millisecond of the day YYYY-MM-DD in India. */
export function istDay(day: string, end: boolean): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) - IST_MS + (end ? 24 * 60 * 60_000 - 1 : 0));
}

interface Figures {
  taxableValue: number;
  igst: number;
  cgst: number;
  sgst: number;
}
const zero = (): Figures => ({ taxableValue: 0, igst: 0, cgst: 0, sgst: 0 });
const add = (into: Figures, l: Figures, sign: 1 | -1 = 1) => {
  into.taxableValue += sign * l.taxableValue;
  into.igst += sign * l.igst;
  into.cgst += sign * l.cgst;
  into.sgst += sign * l.sgst;
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

/** Table 12's description of each code: the class of goods, never one product's name. */
const HSN_DESCRIPTIONS: Record<string, string> = {
  ...Object.fromEntries(Object.values(GST_CLASSES).map((c) => [c.hsn, c.description])),
  [SHIPPING_SAC]: 'Courier services',
};
/** SAC codes (services) start 99: GSTR-1 wants UQC 'NA' and no quantity for them. */
const isService = (code: string) => code.startsWith('99');

/**
 * B2C large: an inter-state invoice to an unregistered buyer above ₹1,00,000 (the limit since
 * August 2024). No cart of today's catalogue reaches it, but a price change could.
 */
const B2CL_LIMIT_PAISE = 1_00_000_00;

type HsnRow = GstExport['hsn']['b2b'][number];
type B2csRow = GstExport['b2cs'][number];

/** The tables being filled, document by document, and the running totals. */
interface Tables {
  b2b: GstExport['b2b'];
  b2cl: GstExport['b2cl'];
  b2cs: Map<string, B2csRow>;
  hsn: { b2b: Map<string, HsnRow>; b2c: Map<string, HsnRow> };
  creditNotes: GstExport['creditNotes'];
  totals: GstExport['totals'];
  /** Invoices already classed B2C large, so their notes go to CDNUR. */
  largeInvoices: Set<string>;
}

const emptyTables = (): Tables => ({
  b2b: [],
  b2cl: [],
  b2cs: new Map<string, B2csRow>(),
  hsn: { b2b: new Map<string, HsnRow>(), b2c: new Map<string, HsnRow>() },
  creditNotes: [],
  totals: {
    invoices: { count: 0, value: 0, ...zero() },
    creditNotes: { count: 0, value: 0, ...zero() },
  },
  largeInvoices: new Set<string>(),
});

/** Adds (or, for a credit note, takes away) lines in Table 12's B2B or B2C half. */
function toHsn(t: Tables, half: 'b2b' | 'b2c', lines: CreditNoteDoc['lines'], sign: 1 | -1) {
  for (const l of lines) {
    const key = `${l.hsn}|${l.rate}`;
    const row = t.hsn[half].get(key) ?? {
      hsn: l.hsn,
      description: HSN_DESCRIPTIONS[l.hsn] ?? l.name,
      uqc: isService(l.hsn) ? ('NA' as const) : ('NOS' as const),
      rate: l.rate,
      quantity: 0,
      totalValue: 0,
      ...zero(),
    };
    if (!isService(l.hsn)) row.quantity += sign * l.quantity;
    row.totalValue += sign * l.amount;
    add(row, l, sign);
    t.hsn[half].set(key, row);
  }
}

function toB2cs(t: Tables, pos: string, rate: number, f: Figures, sign: 1 | -1) {
  const key = `${pos}|${rate}`;
  const row = t.b2cs.get(key) ?? { type: 'OE' as const, placeOfSupply: pos, rate, ...zero() };
  add(row, f, sign);
  t.b2cs.set(key, row);
}

const isB2cl = (doc: { gstNumber?: string | null; supply: string; value: number }) =>
  !doc.gstNumber && doc.supply === 'inter-state' && doc.value > B2CL_LIMIT_PAISE;

/** One invoice into the totals, Table 12 and, per rate, B2B, B2C large or B2C small. */
function addInvoice(t: Tables, order: OrderDoc) {
  const lines = invoiceLines(order);
  t.totals.invoices.count += 1;
  t.totals.invoices.value += order.totals.grandTotal;
  for (const l of lines) add(t.totals.invoices, l);
  toHsn(t, order.gstNumber ? 'b2b' : 'b2c', lines, 1);
  const pos = placeOfSupply(order.deliveryState);
  const common = {
    invoiceNumber: order.invoiceNumber!,
    invoiceDate: calendarDateInIndia(order.invoiceDate!),
    invoiceValue: order.totals.grandTotal,
    placeOfSupply: pos,
  };
  const large = isB2cl({ ...order, value: order.totals.grandTotal });
  if (large) t.largeInvoices.add(order.invoiceNumber!);
  for (const [rate, f] of byRate(lines)) {
    if (order.gstNumber) {
      t.b2b.push({
        gstin: order.gstNumber,
        receiverName: `${order.firstName} ${order.lastName}`,
        ...common,
        reverseCharge: 'N',
        rate,
        ...f,
      });
    } else if (large) t.b2cl.push({ ...common, rate, ...f });
    else toB2cs(t, pos, rate, f, 1);
  }
}

/** One credit note into the totals, Table 12, Table 9B and, on a B2C small invoice, Table 7. */
function addCreditNote(t: Tables, note: CreditNoteDoc) {
  t.totals.creditNotes.count += 1;
  t.totals.creditNotes.value += note.amount;
  for (const l of note.lines) add(t.totals.creditNotes, l);
  const registered = Boolean(note.gstNumber);
  toHsn(t, registered ? 'b2b' : 'b2c', note.lines, -1);
  const table = registered
    ? ('cdnr' as const)
    : t.largeInvoices.has(note.invoiceNumber) || isB2cl({ ...note, value: note.invoiceValue ?? 0 })
      ? ('cdnur' as const)
      : ('b2cs' as const);
  const pos = placeOfSupply(note.deliveryState);
  for (const [rate, f] of byRate(note.lines)) {
    if (table === 'b2cs') toB2cs(t, pos, rate, f, -1);
    t.creditNotes.push({
      registered,
      reportedIn: table,
      gstin: note.gstNumber,
      receiverName: note.buyerName,
      noteNumber: note.number,
      noteDate: calendarDateInIndia(note.date),
      invoiceNumber: note.invoiceNumber,
      invoiceDate: calendarDateInIndia(note.invoiceDate),
      noteType: 'C',
      placeOfSupply: pos,
      noteValue: note.amount,
      rate,
      ...f,
    });
  }
}

/**
 * The GSTR-1 tables of the invoices and credit notes dated inside [from, to] (IST days):
 * - 4A B2B: invoices to registered buyers, per invoice and rate;
 * - 5 B2C large: inter-state invoices to unregistered buyers above the limit;
 * - 7 B2C small: every other invoice to an unregistered buyer, per place of supply and rate, net of
 *   the credit notes issued on such invoices (GSTR-1 has no table for those notes: the portal's
 *   instructions for Table 7 have them netted in here);
 * - 9B credit notes: to registered buyers (CDNR) and on B2C large invoices (CDNUR);
 * - 12 HSN summary, split into B2B and B2C as filed since May 2025, net of credit notes;
 * - 13 documents issued: each series' first and last number and how many.
 * Every figure is a sum of the stored figures of the documents, so the tables add up to the
 * invoices and notes to the paisa.
 */
export async function gstExport(from: string, to: string): Promise<GstExport> {
  const range = trusted({ $gte: istDay(from, false), $lte: istDay(to, true) });
  const [orders, notes] = await Promise.all([
    OrderModel.find({ invoiceDate: range }).sort({ invoiceDate: 1 }).lean<OrderDoc[]>(),
    CreditNoteModel.find({ date: range }).sort({ date: 1 }).lean<CreditNoteDoc[]>(),
  ]);
  const invoices = orders.filter((o) => o.invoiceNumber);

  const t = emptyTables();
  for (const order of invoices) addInvoice(t, order);
  for (const note of notes) addCreditNote(t, note);

  const byCode = (a: HsnRow, b: HsnRow) =>
    a.hsn === b.hsn ? a.rate - b.rate : a.hsn < b.hsn ? -1 : 1;
  return {
    from,
    to,
    b2b: t.b2b,
    b2cl: t.b2cl,
    b2cs: [...t.b2cs.values()].sort((a, b) =>
      a.placeOfSupply === b.placeOfSupply
        ? a.rate - b.rate
        : a.placeOfSupply < b.placeOfSupply
          ? -1
          : 1,
    ),
    hsn: { b2b: [...t.hsn.b2b.values()].sort(byCode), b2c: [...t.hsn.b2c.values()].sort(byCode) },
    creditNotes: t.creditNotes,
    documents: [
      ...documentsIssued(
        'Invoices for outward supply',
        invoices.map((o) => o.invoiceNumber!),
      ),
      ...documentsIssued(
        'Credit Note',
        notes.map((n) => n.number),
      ),
    ],
    totals: t.totals,
  };
}

/**
 * Table 13 for one kind of document: per series ('VNY/26-27'), the first and last number issued
 * in the period and how many. None is ever cancelled: money given back is a credit note.
 */
function documentsIssued(kind: GstExport['documents'][number]['kind'], numbers: string[]) {
  const series = new Map<string, string[]>();
  for (const number of numbers) {
    const prefix = number.slice(0, number.lastIndexOf('/'));
    series.set(prefix, [...(series.get(prefix) ?? []), number]);
  }
  return [...series.values()].map((issued) => {
    const sorted = [...issued].sort();
    return {
      kind,
      from: sorted[0]!,
      to: sorted.at(-1)!,
      total: sorted.length,
      cancelled: 0,
    };
  });
}

const money = (paise: number) => (paise / 100).toFixed(2);
/**
 * A CSV cell a spreadsheet shows as written: text that starts like a formula (=, +, -, @, a tab or
 * a carriage return: a buyer's name can be anything) is prefixed with an apostrophe, as OWASP
 * advises; numbers, negative amounts included, stay numbers.
 */
export const csvCell = (v: unknown) => {
  const raw = String(v);
  const text = /^[=+\-@\t\r]/.test(raw) && !/^-?\d+(\.\d+)?$/.test(raw) ? `'${raw}` : raw;
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

const csvTable = (title: string, header: string[], rows: unknown[][]) =>
  [title, header.join(','), ...rows.map((r) => r.map(csvCell).join(','))].join('\n');
const csvFigures = (f: Figures) => [
  money(f.taxableValue),
  money(f.igst),
  money(f.cgst),
  money(f.sgst),
];
const TAX_HEADER = ['Taxable Value', 'Integrated Tax', 'Central Tax', 'State/UT Tax'];

const b2bCsv = (report: GstExport) =>
  csvTable(
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
      ...TAX_HEADER,
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
      ...csvFigures(r),
    ]),
  );

const b2clCsv = (report: GstExport) =>
  csvTable(
    'B2CL (5)',
    ['Invoice Number', 'Invoice date', 'Invoice Value', 'Place Of Supply', 'Rate', ...TAX_HEADER],
    report.b2cl.map((r) => [
      r.invoiceNumber,
      r.invoiceDate,
      money(r.invoiceValue),
      r.placeOfSupply,
      r.rate,
      ...csvFigures(r),
    ]),
  );

const hsnCsv = (report: GstExport, half: 'b2b' | 'b2c') =>
  csvTable(
    `HSN (12) ${half.toUpperCase()}`,
    ['HSN', 'Description', 'UQC', 'Total Quantity', 'Total Value', 'Rate', ...TAX_HEADER],
    report.hsn[half].map((r) => [
      r.hsn,
      r.description,
      r.uqc,
      r.quantity,
      money(r.totalValue),
      r.rate,
      ...csvFigures(r),
    ]),
  );

const creditNotesCsv = (report: GstExport) =>
  csvTable(
    'Credit notes (9B; to unregistered buyers on B2C small invoices, netted in 7)',
    [
      'Reported In',
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
      ...TAX_HEADER,
    ],
    report.creditNotes.map((r) => [
      r.reportedIn.toUpperCase(),
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
      ...csvFigures(r),
    ]),
  );

/** The same tables as CSV, one after the other, each under its GSTR-1 name; amounts in rupees. */
export function gstCsv(report: GstExport): string {
  return (
    [
      `GSTR-1 ${report.from} to ${report.to}`,
      b2bCsv(report),
      csvTable(
        'B2CS (7)',
        ['Type', 'Place Of Supply', 'Rate', ...TAX_HEADER],
        report.b2cs.map((r) => [r.type, r.placeOfSupply, r.rate, ...csvFigures(r)]),
      ),
      b2clCsv(report),
      ...(['b2b', 'b2c'] as const).map((half) => hsnCsv(report, half)),
      creditNotesCsv(report),
      csvTable(
        'Documents issued (13)',
        ['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled'],
        report.documents.map((d) => [d.kind, d.from, d.to, d.total, d.cancelled]),
      ),
    ].join('\n\n') + '\n'
  );
}

/** Rupees as the portal's file writes them: a number with at most two decimals. */
const rupees = (paise: number) => Math.round(paise) / 100;
/** '2026-11-28' -> '28-11-2026'. */
const portalDate = (day: string) => day.split('-').reverse().join('-');
const stateCode = (pos: string) => pos.slice(0, 2);
const portalTax = (f: Figures, rate: number) => ({
  txval: rupees(f.taxableValue),
  rt: rate,
  iamt: rupees(f.igst),
  camt: rupees(f.cgst),
  samt: rupees(f.sgst),
  csamt: 0,
});

/**
 * The same return as the GST portal's offline tool reads it (GSTR-1 JSON: b2b, b2cl, b2cs, cdnr,
 * cdnur, hsn split into hsn_b2b and hsn_b2c, doc_issue), for the seller's GSTIN and the month of
 * `from` as the return period. Amounts in rupees; every figure is the report's.
 */
export function gstPortalJson(report: GstExport, sellerGstin: string, sellerState: string) {
  const [year, month] = report.from.split('-');
  const home = GST_STATE_CODES[sellerState as IndianState];
  const grouped = <T, K>(rows: T[], keyOf: (row: T) => K) => {
    const groups = new Map<K, T[]>();
    for (const row of rows) groups.set(keyOf(row), [...(groups.get(keyOf(row)) ?? []), row]);
    return [...groups.entries()];
  };
  const invoice = (rows: GstExport['b2b'] | GstExport['b2cl']) => ({
    inum: rows[0]!.invoiceNumber,
    idt: portalDate(rows[0]!.invoiceDate),
    val: rupees(rows[0]!.invoiceValue),
    pos: stateCode(rows[0]!.placeOfSupply),
    itms: rows.map((r, i) => ({ num: i + 1, itm_det: portalTax(r, r.rate) })),
  });
  const notes = (rows: GstExport['creditNotes']) =>
    grouped(rows, (r) => r.noteNumber).map(([number, lines]) => ({
      ntty: 'C',
      nt_num: number,
      nt_dt: portalDate(lines[0]!.noteDate),
      val: rupees(lines[0]!.noteValue),
      pos: stateCode(lines[0]!.placeOfSupply),
      itms: lines.map((r, i) => ({ num: i + 1, itm_det: portalTax(r, r.rate) })),
    }));
  const hsnRows = (rows: GstExport['hsn']['b2b']) =>
    rows.map((r, i) => ({
      num: i + 1,
      hsn_sc: r.hsn,
      desc: r.description.slice(0, 30),
      uqc: r.uqc,
      qty: r.quantity,
      ...portalTax(r, r.rate),
    }));
  return {
    gstin: sellerGstin,
    fp: `${month}${year}`,
    b2b: grouped(report.b2b, (r) => r.gstin).map(([ctin, rows]) => ({
      ctin,
      inv: grouped(rows, (r) => r.invoiceNumber).map(([, lines]) => ({
        ...invoice(lines),
        rchrg: 'N',
        inv_typ: 'R',
      })),
    })),
    b2cl: grouped(report.b2cl, (r) => stateCode(r.placeOfSupply)).map(([pos, rows]) => ({
      pos,
      inv: grouped(rows, (r) => r.invoiceNumber).map(([, lines]) => invoice(lines)),
    })),
    b2cs: report.b2cs.map((r) => ({
      sply_ty: stateCode(r.placeOfSupply) === home ? 'INTRA' : 'INTER',
      pos: stateCode(r.placeOfSupply),
      typ: r.type,
      ...portalTax(r, r.rate),
    })),
    cdnr: grouped(
      report.creditNotes.filter((n) => n.reportedIn === 'cdnr'),
      (r) => r.gstin,
    ).map(([ctin, rows]) => ({
      ctin,
      nt: notes(rows).map((n) => ({ ...n, rchrg: 'N', inv_typ: 'R' })),
    })),
    cdnur: notes(report.creditNotes.filter((n) => n.reportedIn === 'cdnur')).map((n) => ({
      ...n,
      typ: 'B2CL',
    })),
    hsn: { hsn_b2b: hsnRows(report.hsn.b2b), hsn_b2c: hsnRows(report.hsn.b2c) },
    doc_issue: {
      doc_det: (['Invoices for outward supply', 'Credit Note'] as const)
        .map((kind) => ({
          doc_num: kind === 'Credit Note' ? 5 : 1,
          doc_typ: kind,
          docs: report.documents
            .filter((d) => d.kind === kind)
            .map((d, i) => ({
              num: i + 1,
              from: d.from,
              to: d.to,
              totnum: d.total,
              cancel: d.cancelled,
              net_issue: d.total - d.cancelled,
            })),
        }))
        .filter((d) => d.docs.length > 0),
    },
  };
}
