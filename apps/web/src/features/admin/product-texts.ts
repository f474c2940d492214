import { formatDateTimeInIndia, formatINR } from '@vanya/catalog';
import type { AdminProduct } from '@vanya/contracts';

/** The owner's products screen. */
export const PRODUCT_ADMIN_TEXTS = {
  lead: 'What the shop sells. A change shows in the shop, its pages and the checkout within seconds; orders already placed keep what they were sold at.',
  empty: 'No products.',
  edit: 'Edit',
  formEdit: (name: string) => `Edit ${name}`,
  name: 'Name',
  description: 'Short description',
  descriptionHint: 'One or two sentences, shown on cards and at the top of the page',
  longdescription: 'Description',
  benefits: 'Benefits',
  howTo: 'How to use',
  linesHint: 'One a line',
  size: 'Net quantity',
  sizeHint: 'As on the pack, e.g. 250g',
  featured: 'Featured (first in the shop’s order)',
  isNew: 'Marked new',
  price: 'Price (₹)',
  priceHint: 'What shoppers pay, GST included',
  mrp: 'MRP (₹)',
  sale: 'Sale',
  salePrice: 'Sale price (₹)',
  saleHint: 'Optional: empty for no sale',
  saleStarts: 'Sale starts (India time)',
  saleEnds: 'Sale ends (India time)',
  saleDatesNeeded: 'Give the sale a start and an end',
  shown: 'Shown in the shop',
  shownHint: 'Hidden, its page answers “not found” and it leaves the sitemap; its stock stays.',
  rupeesError: 'Enter rupees, e.g. 349 or 349.50',
  save: 'Save product',
  saving: 'Saving…',
  cancel: 'Cancel',
  saved: (name: string) => `${name} saved.`,
  status: { published: 'Shown', hidden: 'Hidden' },
  onSaleNow: 'On sale now',
  saleLine: (p: AdminProduct) =>
    p.sale
      ? `Sale ${formatINR(p.sale.price)} from ${formatDateTimeInIndia(p.sale.startsAt)} to ${formatDateTimeInIndia(p.sale.endsAt)}`
      : null,
  prices: (p: AdminProduct) => `${formatINR(p.regularPrice)} · MRP ${formatINR(p.mrp)}`,
};
