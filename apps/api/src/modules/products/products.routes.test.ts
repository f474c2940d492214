import { formatINR, products } from '@vanya/catalog';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';

describe('the catalogue endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('lists the nine products of the catalogue with prices in paise', async () => {
    const res = await request(t.app).get('/api/products');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(9);
    expect(res.body.map((p: { id: string }) => p.id)).toEqual(products.map((p) => p.id));
    const butter = res.body.find((p: { id: string }) => p.id === 'Bodybutter');
    expect(formatINR(butter.price)).toBe('₹349.00');
    expect(formatINR(butter.mrp)).toBe('₹799.00');
  });

  it('answers one product by its id', async () => {
    const res = await request(t.app).get('/api/products/TanGoneSoap');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: 'TanGoneSoap',
      name: 'Tan.Gone.Soap',
      hsn: '3401',
      gstRate: 5,
    });
  });

  it('answers 404 with the JSON error body for an unknown product id', async () => {
    const res = await request(t.app).get('/api/products/rose-scrub');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      msg: "No product has the id 'rose-scrub'.",
      message: "No product has the id 'rose-scrub'.",
      code: 'PRODUCT_NOT_FOUND',
    });
  });
});
