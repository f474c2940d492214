import { formatINRCompact } from '@vanya/catalog';
import type { Coupon } from '@vanya/contracts';

/** The owner's coupon screen. */
export const COUPON_ADMIN_TEXTS = {
  lead: 'Codes shoppers type at the cart or checkout. The discount comes off the goods before GST.',
  newCoupon: 'New coupon',
  empty: 'No coupons yet.',
  formNew: 'New coupon',
  formEdit: (code: string) => `Edit ${code}`,
  code: 'Code',
  codeHint: '4 to 20 letters and digits, e.g. DIWALI10',
  kind: 'Discount',
  kinds: { percent: 'Percent off', flat: 'Rupees off' },
  percent: 'Percent (1 to 90)',
  rupees: 'Amount (₹)',
  maxDiscount: 'Up to (₹)',
  maxDiscountHint: 'Optional: the most it takes off',
  minOrder: 'Minimum order (₹)',
  startsOn: 'Starts on',
  endsOn: 'Ends on (last day)',
  usageLimit: 'Uses in all',
  usageLimitHint: 'Optional: empty for no limit',
  perCustomerLimit: 'Uses per shopper',
  active: 'Active (shoppers can use it)',
  save: 'Save coupon',
  saving: 'Saving…',
  cancel: 'Cancel',
  saved: (code: string) => `Coupon ${code} saved.`,
  edit: 'Edit',
  pause: 'Pause',
  resume: 'Resume',
  paused: (code: string) => `Coupon ${code} paused.`,
  resumed: (code: string) => `Coupon ${code} resumed.`,
  showUses: 'Uses',
  hideUses: 'Hide uses',
  noUses: 'Not used yet.',
  givenBack: 'given back',
  status: { active: 'Active', paused: 'Paused' },
  minimum: (paise: number) => (paise > 0 ? `Min. order ${formatINRCompact(paise)}` : 'No minimum'),
  perShopper: (n: number) => (n === 1 ? 'Once per shopper' : `${n} times per shopper`),
  uses: (c: Pick<Coupon, 'used' | 'usageLimit'>) =>
    c.usageLimit === null ? `${c.used} used` : `${c.used} / ${c.usageLimit} used`,
  usesLabel: 'Uses',
  always: 'No start or end date',
  from: (day: string) => `From ${day}`,
  until: (day: string) => `Until ${day}`,
  between: (from: string, to: string) => `${from} – ${to}`,
  rupeesError: 'Enter an amount in rupees, like 300 or 99.50',
  wholeNumber: 'Enter a whole number',
} as const;

/** What a coupon gives: '10% off, up to ₹300' or '₹100 off'. */
export function couponGives(c: Pick<Coupon, 'kind' | 'value' | 'maxDiscount'>): string {
  if (c.kind === 'flat') return `${formatINRCompact(c.value)} off`;
  return c.maxDiscount
    ? `${c.value}% off, up to ${formatINRCompact(c.maxDiscount)}`
    : `${c.value}% off`;
}
