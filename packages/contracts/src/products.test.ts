import { products } from '@vanya/catalog';
import type { Product } from '@vanya/catalog';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  productCreateSchema,
  productEditSchema,
  productListResponseSchema,
  productParamsSchema,
  productSchema,
  slugOf,
} from './products';
import type { ProductResponse } from './products';

describe('the product answer', () => {
  it('describes every catalogue product as the API serves it (JSON round trip)', () => {
    const json = JSON.parse(
      JSON.stringify(products.map((p) => ({ ...p, available: p.id === 'Hamper' ? 3 : null }))),
    ) as unknown;
    const parsed = productListResponseSchema.parse(json);
    expect(parsed).toHaveLength(9);
    expect(parsed).toEqual(json);
  });

  it('keeps prices in whole paise', () => {
    const [first] = products;
    expect(first).toBeDefined();
    expect(productSchema.safeParse({ ...first, price: 349.5 }).success).toBe(false);
  });

  it('has exactly the fields of the catalogue Product type, and how many are left', () => {
    expectTypeOf<keyof ProductResponse>().toEqualTypeOf<keyof Product | 'available'>();
  });

  it('says how many are left only as a whole number or null', () => {
    const [first] = products;
    expect(productSchema.safeParse({ ...first, available: 2.5 }).success).toBe(false);
    expect(productSchema.safeParse({ ...first, available: -1 }).success).toBe(false);
    expect(productSchema.safeParse({ ...first }).success).toBe(false);
  });

  it('takes any short text as the path id so that an unknown product answers 404', () => {
    expect(productParamsSchema.safeParse({ id: 'rose-scrub' }).success).toBe(true);
    expect(productParamsSchema.safeParse({ id: '' }).success).toBe(false);
  });
});

describe("the owner's change of a product", () => {
  const edit = {
    name: 'Body Butter',
    description: 'Kokum and shea.',
    longdescription: 'A rich butter.',
    category: 'body butter',
    size: '250g',
    ingredients: ['Kokum Butter'],
    benefits: ['Soft skin'],
    howToUseDescription: ['Massage in.'],
    howToUseVideo: '',
    images: ['/uploads/products/0123456789abcdef0123.webp', '/media/products/body-butter-1.webp'],
    hsn: '3304',
    gstRate: 18,
    contents: [],
    relatedProductIds: ['ExfoliatingScrub'],
    featured: true,
    isNew: false,
    price: 34_900,
    mrp: 79_900,
    sale: null,
    status: 'published',
  };
  const messages = (body: object) =>
    productEditSchema.safeParse(body).error?.issues.map((i) => [i.path.join('.'), i.message]);

  it('takes words, whole-paise prices up to the MRP, a sale and a status', () => {
    expect(productEditSchema.parse({ ...edit, name: '  Body Butter  ' }).name).toBe('Body Butter');
    const sale = {
      price: 29_900,
      startsAt: '2026-10-20T00:00:00+05:30',
      endsAt: '2026-11-05T23:59:00+05:30',
    };
    expect(productEditSchema.parse({ ...edit, sale }).sale).toEqual(sale);
    expect(productEditSchema.parse({ ...edit, price: edit.mrp }).price).toBe(edit.mrp);
  });

  it('refuses a price above the MRP or under ₹1, a sale not below the price or ending first, and other fields', () => {
    expect(messages({ ...edit, price: 80_000 })).toEqual([
      ['price', 'The price cannot be above the MRP'],
    ]);
    expect(messages({ ...edit, price: 99 })).toEqual([['price', 'A price is at least ₹1']]);
    expect(
      messages({
        ...edit,
        sale: { price: 29_900, startsAt: '2026-11-05T00:00:00Z', endsAt: '2026-11-05T00:00:00Z' },
      }),
    ).toEqual([['sale.endsAt', 'The sale must end after it starts']]);
    expect(
      messages({
        ...edit,
        sale: { price: 34_900, startsAt: '2026-11-04T00:00:00Z', endsAt: '2026-11-05T00:00:00Z' },
      }),
    ).toEqual([['sale.price', 'The sale price must be below the regular price']]);
    expect(messages({ ...edit, status: 'gone' })?.[0]?.[0]).toBe('status');
    expect(messages({ ...edit, id: 'x' })?.[0]?.[0]).toBe('');
  });

  it('holds a single product to a tax class the shop charges, and a bundle to its contents', () => {
    expect(messages({ ...edit, hsn: '3401', gstRate: 18 })).toEqual([
      ['hsn', 'Choose a tax class the shop charges: HSN 3304 at 18% or HSN 3401 at 5%'],
    ]);
    expect(productEditSchema.parse({ ...edit, hsn: '3401', gstRate: 5 }).gstRate).toBe(5);
    expect(messages({ ...edit, category: 'Bundle' })).toEqual([
      ['contents', 'Add the products this bundle holds'],
    ]);
    const contents = [{ productId: 'Bodybutter', quantity: 2 }];
    expect(messages({ ...edit, contents })).toEqual([
      ['contents', 'Only a bundle or hamper holds other products'],
    ]);
    // A bundle's tax is its contents': what it states is not checked.
    expect(
      productEditSchema.parse({ ...edit, category: 'Hamper', contents, hsn: '' }).contents,
    ).toEqual(contents);
    expect(messages({ ...edit, category: 'Hamper', contents: [...contents, ...contents] })).toEqual(
      [['contents', 'Name each product once, with its quantity']],
    );
  });

  it('takes photos of the shop only, at least one to be published, and a video of its own or none', () => {
    expect(messages({ ...edit, images: [] })).toEqual([
      ['images', 'Add a photo before publishing: shoppers see it first'],
    ]);
    expect(messages({ ...edit, images: [], status: 'draft' })).toBeUndefined();
    expect(messages({ ...edit, images: ['https://evil.example/x.webp'] })?.[0]).toEqual([
      'images.0',
      'Not a photo of the shop',
    ]);
    expect(messages({ ...edit, howToUseVideo: '/media/videos/how-to-scrub.mp4' })).toBeUndefined();
    expect(messages({ ...edit, howToUseVideo: 'javascript:alert(1)' })?.[0]?.[0]).toBe(
      'howToUseVideo',
    );
  });
});

describe('a new product', () => {
  it('is a draft with no units unless told, under an id made from its name', () => {
    const body = productCreateSchema.parse({
      name: 'Rose Scrub',
      description: 'Rose petals.',
      longdescription: 'A scrub of rose petals.',
      category: 'scrub',
      size: '200g',
      ingredients: [],
      benefits: [],
      howToUseDescription: [],
      howToUseVideo: '',
      images: [],
      hsn: '3304',
      gstRate: 18,
      contents: [],
      relatedProductIds: [],
      featured: false,
      isNew: true,
      price: 49_900,
      mrp: 59_900,
      sale: null,
    });
    expect(body).toMatchObject({ status: 'draft', openingStock: 0 });
    expect(body.id).toBeUndefined();
    expect(slugOf('Rose & Oud Hamper')).toBe('rose-oud-hamper');
    expect(slugOf('Crème brûlée Butter')).toBe('creme-brulee-butter');
    expect(slugOf('!!!')).toBe('product');
  });
});
