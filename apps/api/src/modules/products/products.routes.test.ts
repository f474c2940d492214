import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { formatINR, products } from '@vanya/catalog';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raw } from '../../testing/raw-http';
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

  it('answers 304 to a client holding the same bytes, by its ETag', async () => {
    for (const path of ['/api/products', '/api/products/Bodybutter']) {
      const first = await request(t.app).get(path);
      expect(first.headers.etag).toMatch(/^W\/"[\w-]+"$/);
      expect(first.headers['cache-control']).toBe('no-cache');
      const again = await request(t.app).get(path).set('If-None-Match', first.headers.etag!);
      expect(again.status).toBe(304);
      expect(again.text).toBe('');
      const stale = await request(t.app).get(path).set('If-None-Match', '"something-else"');
      expect(stale.status).toBe(200);
      expect(stale.text).toBe(first.text);
    }
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const get = await raw(t.app, '/api/products', { 'Accept-Encoding': 'identity' });
    const head = await raw(t.app, '/api/products', { 'Accept-Encoding': 'identity' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    for (const name of ['content-type', 'content-length', 'etag', 'cache-control', 'vary'])
      expect(head.headers[name], name).toBe(get.headers[name]);
    expect(Number(head.headers['content-length'])).toBe(get.body.length);
  });

  it("shows the owner's stock switch at once, with new bytes and a new ETag", async () => {
    const before = await request(t.app).get('/api/products/Hamper');
    const listBefore = await request(t.app).get('/api/products');
    await t.services.stock.set('Hamper', false);
    try {
      const after = await request(t.app).get('/api/products/Hamper');
      expect(after.body.inStock).toBe(false);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      const list = await request(t.app).get('/api/products');
      expect(list.body.find((p: { id: string }) => p.id === 'Hamper').inStock).toBe(false);
      expect(list.headers.etag).not.toBe(listBefore.headers.etag);
      const held = await request(t.app)
        .get('/api/products/Hamper')
        .set('If-None-Match', before.headers.etag!);
      expect(held.status).toBe(200);
    } finally {
      await t.services.stock.set('Hamper', true);
    }
  });

  it('answers with the same security and CORS headers as every other route', async () => {
    const general = await request(t.app).get('/api/health');
    const fixed = [
      'content-security-policy',
      'strict-transport-security',
      'x-content-type-options',
      'x-frame-options',
      'referrer-policy',
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
      'access-control-allow-origin',
      'access-control-allow-credentials',
    ];
    for (const path of ['/api/products', '/api/products/Hamper', '/api/products/rose-scrub']) {
      const res = await request(t.app).get(path);
      for (const name of fixed)
        expect(res.headers[name], `${path} ${name}`).toBe(general.headers[name]);
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.headers.vary).toMatch(/^Origin\b/);
    }
    expect(general.headers['content-security-policy']).toContain("default-src 'self'");
    expect(general.headers['access-control-allow-origin']).toBe(t.config.webOrigin);
  });

  it('sends the catalogue as brotli or gzip as the client accepts, under one weak ETag that revalidates each', async () => {
    const plain = await request(t.app).get('/api/products').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Origin, Accept-Encoding');
    const etags = new Set([plain.headers.etag]);
    for (const [accept, encoding, unpack] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const res = await raw(t.app, '/api/products', { 'Accept-Encoding': accept });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(unpack(res.body).toString()).toBe(plain.text);
      etags.add(res.headers.etag);
      const again = await raw(t.app, '/api/products', {
        'Accept-Encoding': accept,
        'If-None-Match': res.headers.etag!,
      });
      expect(again.status).toBe(304);
    }
    expect(etags.size).toBe(1);
    expect(plain.headers.etag).toMatch(/^W\//);
  });
});
