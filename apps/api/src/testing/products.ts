import type { Product } from '@vanya/catalog';

/** The owner's product form as it first shows a product: every field as the shop has it. */
export const productForm = (p: Product) => ({
  name: p.name,
  description: p.description,
  longdescription: p.longdescription,
  category: p.category,
  size: p.size,
  ingredients: [...p.ingredients],
  benefits: [...p.benefits],
  howToUseDescription: [...p.howToUseDescription],
  howToUseVideo: p.howToUseVideo,
  images: [...p.images],
  hsn: p.hsn,
  gstRate: p.gstRate,
  contents: p.contents.map((c) => ({ ...c })),
  relatedProductIds: [...p.relatedProductIds],
  featured: p.featured,
  isNew: p.isNew,
  price: p.price,
  mrp: p.mrp,
  sale: null,
  status: 'published',
});
