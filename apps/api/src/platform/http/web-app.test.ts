import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { getProduct } from '@vanya/catalog';
import { Types } from 'mongoose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReviewModel } from '../../modules/reviews/review.model';
import { raw } from '../../testing/raw-http';
import { startTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';

const SPLASH_SCRIPT = 'document.documentElement.dataset.splash = "";';
const INDEX = `<!doctype html><title>Vanya Naturals</title><script>${SPLASH_SCRIPT}</script><div id="root"></div>${'<!-- padding -->'.repeat(80)}`;
// As the web build prerenders them (apps/web/vite-plugins/prerender.ts).
const page = (title: string, path: string) =>
  `<!doctype html><html><head><title>${title}</title><link rel="canonical" href="https://vanya.example${path}" /></head><body><div id="root" data-prerendered><h1>${title}</h1></div>${'<!-- padding -->'.repeat(80)}</body></html>`;
const HOME = page('Vanya Naturals', '/');
const PRODUCTS = page('Products', '/products');
const BUTTER = page('Body Butter', '/products/Bodybutter');
const SCRIPT = `console.log("shop");\n${'export const x = "body butter, scrub and soap";\n'.repeat(60)}`;
const ROBOTS =
  'User-agent: *\nAllow: /\nDisallow: /admin\n\nSitemap: https://example.in/sitemap.xml\n';
const SITEMAP =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://example.in/</loc></url></urlset>\n';
const VIDEO = Buffer.from(Array.from({ length: 4000 }, (_, i) => i % 251));

describe('serving the built web app from the API', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'vanya-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    mkdirSync(path.join(dist, 'media'));
    mkdirSync(path.join(dist, 'pages', 'products'), { recursive: true });
    // As the web build writes them: each text file with its .br and .gz beside it.
    const write = (rel: string, content: string | Buffer, compress = true) => {
      const file = path.join(dist, rel);
      writeFileSync(file, content);
      if (!compress) return;
      writeFileSync(`${file}.br`, brotliCompressSync(content));
      writeFileSync(`${file}.gz`, gzipSync(content));
    };
    write('index.html', INDEX);
    write('pages/index.html', HOME);
    write('pages/products.html', PRODUCTS);
    write('pages/products/Bodybutter.html', BUTTER);
    write('assets/index-abc123.js', SCRIPT);
    write('robots.txt', ROBOTS, false);
    write('sitemap.xml', SITEMAP);
    write('media/clip.mp4', VIDEO, false);
    t = await startTestApp({ SERVE_WEB: 'true', WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers the home page and the product list with their prerendered HTML', async () => {
    const home = await request(t.app).get('/').set('Accept', 'text/html');
    expect(home.status).toBe(200);
    expect(home.text).toBe(HOME);
    expect(home.headers['content-type']?.toLowerCase()).toBe('text/html; charset=utf-8');
    expect(home.headers['cache-control']).toBe('no-cache');
    const list = await request(t.app).get('/products').set('Accept', 'text/html');
    expect(list.text).toBe(PRODUCTS);
  });

  it('falls back to index.html, the shell, for a page that is not prerendered such as /cart', async () => {
    for (const url of ['/cart', '/products/Bodybutter/reviews', '/products/NoSuchThing']) {
      const res = await request(t.app).get(url).set('Accept', 'text/html');
      expect(res.status).toBe(200);
      expect(res.text).toBe(INDEX);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('adds a JSON-LD Product to a product page: price in rupees, availability from stock, no rating before reviews', async () => {
    const read = async () => {
      const res = await request(t.app)
        .get('/products/Bodybutter')
        .set('Accept', 'text/html')
        .set('Accept-Encoding', 'gzip');
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.text).toContain('<h1>Body Butter</h1>');
      const ld = /<script type="application\/ld\+json">(.*?)<\/script><\/head>/.exec(res.text)?.[1];
      return JSON.parse(ld ?? 'null') as {
        offers: { availability: string };
        aggregateRating?: unknown;
      };
    };
    const butter = getProduct('Bodybutter')!;
    const ld = await read();
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: butter.name,
      sku: 'Bodybutter',
      image: butter.images.map((image) => `https://vanya.example${image}`),
      offers: {
        '@type': 'Offer',
        url: 'https://vanya.example/products/Bodybutter',
        priceCurrency: 'INR',
        price: (butter.price / 100).toFixed(2),
        availability: 'https://schema.org/InStock',
      },
    });
    expect(ld.aggregateRating).toBeUndefined();

    await t.services.stock.set('Bodybutter', false);
    expect((await read()).offers.availability).toBe('https://schema.org/OutOfStock');
    await t.services.stock.set('Bodybutter', true);

    // Reviews count once the owner publishes them: two of three here, 4 and 5 stars.
    const review = (rating: number) => ({
      productId: 'Bodybutter',
      userId: new Types.ObjectId(),
      orderId: new Types.ObjectId(),
      buyerName: 'Asha K.',
      rating,
      title: 'Soft skin',
      body: 'Melts in.',
      status: 'pending' as const,
    });
    const [four, five] = await ReviewModel.create([review(4), review(5), review(1)]);
    expect((await read()).aggregateRating).toBeUndefined();
    for (const written of [four!, five!])
      await t.services.reviews.act(String(written._id), { action: 'publish' });
    expect((await read()).aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.5,
      reviewCount: 2,
      bestRating: 5,
      worstRating: 1,
    });
    await ReviewModel.deleteMany({ productId: 'Bodybutter' });
  });

  it('answers 304 to a browser holding the product page, and the page anew once its stock changes', async () => {
    const get = (etag?: string) => {
      const req = request(t.app).get('/products/Bodybutter').set('Accept', 'text/html');
      return etag ? req.set('If-None-Match', etag) : req;
    };
    const first = await get();
    const etag = first.headers.etag;
    expect(etag).toMatch(/^W\/"/);
    expect(first.headers.vary).toContain('Accept-Encoding');
    const again = await get(etag);
    expect(again.status).toBe(304);
    expect(again.text).toBe('');

    await t.services.stock.set('Bodybutter', false);
    const changed = await get(etag);
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.text).toContain('https://schema.org/OutOfStock');
    await t.services.stock.set('Bodybutter', true);
  });

  it('allows the pages’ own inline script, and no other, by its hash', async () => {
    const res = await request(t.app).get('/about').set('Accept', 'text/html');
    const hash = createHash('sha256').update(SPLASH_SCRIPT).digest('base64');
    const scripts = /script-src ([^;]+)/.exec(res.headers['content-security-policy'] ?? '')?.[1];
    expect(scripts?.split(' ')).toEqual([
      "'self'",
      `'sha256-${hash}'`,
      'https://checkout.razorpay.com',
    ]);
  });

  it('keeps the security headers on the page', async () => {
    const res = await request(t.app).get('/cart').set('Accept', 'text/html');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves hashed assets with a long cache lifetime', async () => {
    const res = await request(t.app).get('/assets/index-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']?.toLowerCase()).toBe('text/javascript; charset=utf-8');
  });

  it('answers br, then gzip, then the file itself, as Accept-Encoding allows', async () => {
    const cases: [string | undefined, string | undefined][] = [
      ['gzip, deflate, br, zstd', 'br'],
      ['br;q=1, gzip;q=0.5', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['identity', undefined],
      [undefined, undefined],
    ];
    const etags = new Set<string>();
    for (const [accept, encoding] of cases) {
      for (const [url, content, type] of [
        ['/assets/index-abc123.js', SCRIPT, 'text/javascript; charset=utf-8'],
        ['/cart', INDEX, 'text/html; charset=utf-8'],
        ['/products', PRODUCTS, 'text/html; charset=utf-8'],
      ] as const) {
        const res = await raw(t.app, url, {
          Accept: 'text/html',
          ...(accept ? { 'Accept-Encoding': accept } : {}),
        });
        expect(res.status).toBe(200);
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers['content-type']?.toLowerCase()).toBe(type);
        expect(res.headers.vary).toContain('Accept-Encoding');
        expect(Number(res.headers['content-length'])).toBe(res.body.length);
        const decoded =
          encoding === 'br'
            ? brotliDecompressSync(res.body)
            : encoding === 'gzip'
              ? gunzipSync(res.body)
              : res.body;
        expect(decoded.toString()).toBe(content);
        if (url.startsWith('/assets')) etags.add(res.headers.etag!);
      }
    }
    // One ETag per variant: br, gzip and the file itself.
    expect(etags.size).toBe(3);
  });

  it('answers a matching If-None-Match with 304 for the same variant only', async () => {
    const first = await request(t.app).get('/assets/index-abc123.js').set('Accept-Encoding', 'br');
    const again = await request(t.app)
      .get('/assets/index-abc123.js')
      .set('Accept-Encoding', 'br')
      .set('If-None-Match', first.headers.etag!);
    expect(again.status).toBe(304);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers.vary).toContain('Accept-Encoding');
    const otherVariant = await request(t.app)
      .get('/assets/index-abc123.js')
      .set('Accept-Encoding', 'gzip')
      .set('If-None-Match', first.headers.etag!);
    expect(otherVariant.status).toBe(200);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const get = await raw(t.app, '/assets/index-abc123.js', { 'Accept-Encoding': 'gzip' });
    const head = await request(t.app)
      .head('/assets/index-abc123.js')
      .set('Accept-Encoding', 'gzip');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.headers.etag).toBe(get.headers.etag);
    expect(head.headers['content-encoding']).toBe('gzip');
  });

  it('serves robots.txt and sitemap.xml as themselves, never the page', async () => {
    const robots = await request(t.app).get('/robots.txt').set('Accept', 'text/html,*/*');
    expect(robots.status).toBe(200);
    expect(robots.headers['content-type']?.toLowerCase()).toBe('text/plain; charset=utf-8');
    expect(robots.text).toBe(ROBOTS);
    const sitemap = await request(t.app)
      .get('/sitemap.xml')
      .set('Accept', 'text/html,*/*')
      .set('Accept-Encoding', 'gzip');
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers['content-type']).toMatch(/^application\/xml\b/);
    expect(sitemap.headers['content-encoding']).toBe('gzip');
    expect(sitemap.text).toBe(SITEMAP);
  });

  it('caches media for a week and answers byte ranges of video', async () => {
    const whole = await raw(t.app, '/media/clip.mp4');
    expect(whole.headers['cache-control']).toBe(
      'public, max-age=604800, stale-while-revalidate=86400',
    );
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['content-encoding']).toBeUndefined();
    const part = await raw(t.app, '/media/clip.mp4', { Range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${VIDEO.length}`);
    expect(part.body.equals(VIDEO.subarray(100, 200))).toBe(true);
  });

  it('answers a missing asset with 404 rather than the page', async () => {
    const res = await request(t.app).get('/assets/missing.js').set('Accept', 'text/html');
    expect(res.status).toBe(404);
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const res = await request(t.app).get('/api/nothing-here').set('Accept', 'text/html');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
  });
});

describe('compressing API answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('compresses JSON of 1 KB or more when the client accepts it', async () => {
    const res = await raw(t.app, '/api/products', { 'Accept-Encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toContain('Accept-Encoding');
    const json = JSON.parse(gunzipSync(res.body).toString()) as unknown;
    const plain = await request(t.app).get('/api/products').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Buffer.byteLength(plain.text)).toBeGreaterThan(1024);
    expect(json).toEqual(plain.body);
  });

  it('leaves small JSON as it is', async () => {
    const res = await request(t.app).get('/api/health').set('Accept-Encoding', 'gzip, br');
    expect(Buffer.byteLength(res.text)).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
