export const CATALOG_TEXTS = {
  productsHeading: 'Our Products',
  productsEyebrow: 'The collection',
  productsLead:
    'Whipped body butters, sugar scrubs, cold-process soaps, bundles and gift hampers, made in small batches.',
  inclusiveOfTaxes: '(Inclusive of all taxes)',
  backToProducts: 'Back to all products',
} as const;
