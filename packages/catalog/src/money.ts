// Money is integer paise everywhere in the code; rupees appear only when formatting for people or for
// the order payload. Formatting is done by hand rather than with Intl so that Node (server, invoices,
// mail) and every browser print exactly the same characters.

const RUPEE = '₹';

function assertPaise(paise: number, what = 'amount'): void {
  if (!Number.isSafeInteger(paise)) {
    throw new RangeError(`${what} must be a whole number of paise, got ${String(paise)}`);
  }
}

/** Splits paise into a sign, whole rupees (as digits) and two paise digits, exactly. */
function splitPaise(paise: number): { negative: boolean; rupees: string; paise: string } {
  assertPaise(paise);
  const abs = Math.abs(paise);
  const rest = abs % 100;
  return {
    negative: paise < 0,
    rupees: String((abs - rest) / 100),
    paise: String(rest).padStart(2, '0'),
  };
}

/** Indian grouping: the last three digits, then groups of two (12,34,567). */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return `${head},${digits.slice(-3)}`;
}

/** `formatINR(129700)` is `'₹1,297.00'`; `formatINR(-500)` is `'-₹5.00'`. */
export function formatINR(paise: number): string {
  const parts = splitPaise(paise);
  return `${parts.negative ? '-' : ''}${RUPEE}${groupIndian(parts.rupees)}.${parts.paise}`;
}

/**
 * Like `formatINR` but drops `.00` from whole-rupee amounts (`'₹149'`, `'₹1,297'`), for short texts
 * such as the free-shipping line or 'Save ₹450'. Amounts with paise keep both decimals.
 */
export function formatINRCompact(paise: number): string {
  const parts = splitPaise(paise);
  const decimals = parts.paise === '00' ? '' : `.${parts.paise}`;
  return `${parts.negative ? '-' : ''}${RUPEE}${groupIndian(parts.rupees)}${decimals}`;
}

/** Rupees with two decimals and no grouping or symbol (`'1297.00'`), as the order payload carries it. */
export function formatAmountForOrder(paise: number): string {
  const parts = splitPaise(paise);
  return `${parts.negative ? '-' : ''}${parts.rupees}.${parts.paise}`;
}

const RUPEES_PATTERN = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/**
 * Exact conversion of a rupee amount to paise. Accepts a number (`1297`, `12.5`) or a plain decimal
 * string (`'1297.00'`, `'12.5'`); throws a RangeError for anything with more than two decimals, for
 * NaN or infinities, for other text (symbols, commas, exponents) and for results beyond safe integers.
 */
export function rupeesToPaise(rupees: number | string): number {
  if (typeof rupees === 'number' && !Number.isFinite(rupees)) {
    throw new RangeError(`rupees must be a finite number, got ${String(rupees)}`);
  }
  // String(number) gives the shortest decimal that reads back as the same double, so 12.34 becomes
  // '12.34' and 0.1 + 0.2 becomes '0.30000000000000004' (refused: more than two decimals).
  const text = typeof rupees === 'number' ? String(rupees) : rupees.trim();
  const match = RUPEES_PATTERN.exec(text);
  if (!match) {
    throw new RangeError(`not a rupee amount with at most 2 decimals: ${JSON.stringify(text)}`);
  }
  const [, sign, whole = '0', fraction = ''] = match;
  const paise = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(paise)) {
    throw new RangeError(`rupee amount out of range: ${text}`);
  }
  return sign && paise !== 0 ? -paise : paise;
}

/** Paise to rupees as a number (for display arithmetic only; keep computing in paise). */
export function paiseToRupees(paise: number): number {
  assertPaise(paise);
  return paise / 100;
}

/**
 * `numerator / denominator` rounded half up, in integer arithmetic (no float drift): both must be
 * safe integers, the numerator at least 0 and the denominator above 0.
 */
export function roundHalfUpDiv(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || numerator < 0) {
    throw new RangeError(`numerator must be a non-negative safe integer, got ${String(numerator)}`);
  }
  if (!Number.isSafeInteger(denominator) || denominator <= 0) {
    throw new RangeError(`denominator must be a positive safe integer, got ${String(denominator)}`);
  }
  // % on integers is exact, and (numerator - remainder) is an exact multiple of the denominator.
  const remainder = numerator % denominator;
  const quotient = (numerator - remainder) / denominator;
  return remainder * 2 >= denominator ? quotient + 1 : quotient;
}

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  const ten = TENS[Math.floor(n / 10)]!;
  return n % 10 ? `${ten}-${ONES[n % 10]}` : ten;
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ONES[hundreds]} Hundred` : '', rest ? belowHundred(rest) : '']
    .filter(Boolean)
    .join(' ');
}

/** Whole rupees in words with Indian grouping (crore, lakh, thousand), as invoices print them. */
function rupeesInWords(rupees: number): string {
  if (rupees === 0) return 'Zero';
  const parts: string[] = [];
  const crore = Math.floor(rupees / 1_00_00_000);
  const lakh = Math.floor((rupees % 1_00_00_000) / 1_00_000);
  const thousand = Math.floor((rupees % 1_00_000) / 1000);
  const rest = rupees % 1000;
  if (crore) parts.push(`${rupeesInWords(crore)} Crore`);
  if (lakh) parts.push(`${belowHundred(lakh)} Lakh`);
  if (thousand) parts.push(`${belowHundred(thousand)} Thousand`);
  if (rest) parts.push(belowThousand(rest));
  return parts.join(' ');
}

/** `amountInWords(129750)` is 'Rupees One Thousand Two Hundred Ninety-Seven and Fifty Paise Only'. */
export function amountInWords(paise: number): string {
  assertPaise(paise);
  if (paise < 0) throw new RangeError('amountInWords takes a non-negative amount');
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  return `Rupees ${rupeesInWords(rupees)}${rest ? ` and ${belowHundred(rest)} Paise` : ''} Only`;
}
