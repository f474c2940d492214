import { products } from '@vanya/catalog';
import type { Product } from '@vanya/catalog';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { productListResponseSchema, productParamsSchema, productSchema } from './products';
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
