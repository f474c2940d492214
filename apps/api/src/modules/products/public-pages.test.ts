import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { STARTER_CATALOGUE } from '@vanya/catalog';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newEmail } from '../../testing/accounts';
import { startOwnerApp } from '../../testing/owner-app';
import { productForm } from '../../testing/products';
import type { TestApp } from '../../testing/test-app';

const OWNER_EMAIL = newEmail('owner');
const SHELL =
  '<!doctype html><html><head><title>Vanya Naturals</title></head><body><div id="root"></div></body></html>';

// The web's server bundle's three functions as the API calls them (the real ones are the web's,
// tested there and walked by the browser suite): here each says what it was given, and counts
// its renders, so what the API keeps and when it renders again can be seen.
const BUNDLE = `
const data = (products) => JSON.stringify(products.map((p) => [p.id, p.name, p.price]));
export async function renderDocument({ shell, siteUrl, pagePath, products }) {
  const paths = ['/', '/products', ...products.map((p) => '/products/' + encodeURIComponent(p.id))];
  if (!paths.includes(pagePath)) return undefined;
  globalThis.rendersOfTheStandIn = (globalThis.rendersOfTheStandIn ?? 0) + 1;
  const product = products.find((p) => '/products/' + p.id === pagePath);
  return shell
    .replace('</head>', '<link rel="canonical" href="' + siteUrl + pagePath + '" /></head>')
    .replace('<div id="root"></div>', '<div id="root"><h1>' + (product ? product.name : pagePath) + '</h1></div><script type="application/json" id="catalogue">' + data(products) + '</script>');
}
export function shellDocument(shell, products) {
  return shell.replace('</body>', '<script type="application/json" id="catalogue">' + data(products) + '</script></body>');
}
export function sitemapXml(siteUrl, products) {
  return products.map((p) => siteUrl + '/products/' + p.id).join('\\n');
}
`;

const renders = () => (globalThis as { rendersOfTheStandIn?: number }).rendersOfTheStandIn ?? 0;

describe('the public pages rendered for the catalogue of the moment', () => {
  let t: TestApp;
  let owner: string;
  let close: () => Promise<void>;
  let root: string;

  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'vanya-web-'));
    mkdirSync(path.join(root, 'dist', '.vite'), { recursive: true });
    mkdirSync(path.join(root, '.ssr'));
    writeFileSync(path.join(root, 'dist', 'index.html'), SHELL);
    writeFileSync(path.join(root, 'dist', '.vite', 'manifest.json'), '{}');
    writeFileSync(path.join(root, '.ssr', 'entry-server.js'), BUNDLE);
    ({ t, owner, close } = await startOwnerApp(OWNER_EMAIL, {
      env: {
        SERVE_WEB: 'true',
        WEB_DIST_DIR: path.join(root, 'dist'),
        SITE_URL: 'https://vanya.example/',
      },
    }));
  });
  afterAll(async () => {
    await close();
    rmSync(root, { recursive: true, force: true });
  });

  const html = (url: string) => request(t.app).get(url).set('Accept', 'text/html');
  const butter = STARTER_CATALOGUE.get('Bodybutter')!;

  it('renders a product page once per catalogue, with its JSON-LD, and the sitemap from the same catalogue', async () => {
    const before = renders();
    const page = await html('/products/Bodybutter').expect(200);
    expect(page.text).toContain(`<h1>${butter.name}</h1>`);
    expect(page.text).toContain(
      '<link rel="canonical" href="https://vanya.example/products/Bodybutter" />',
    );
    expect(page.text).toMatch(/<script type="application\/ld\+json">.*"sku":"Bodybutter"/);
    await html('/products/Bodybutter').expect(200);
    expect(renders()).toBe(before + 1);

    const sitemap = await request(t.app).get('/sitemap.xml').expect(200);
    expect(sitemap.text.split('\n')).toHaveLength(9);
    expect(sitemap.text).toContain('https://vanya.example/products/Bodybutter');
  });

  it('gives any other page the shell with the catalogue it starts from', async () => {
    const cart = await html('/cart').expect(200);
    expect(cart.text).toContain('<div id="root"></div>');
    expect(cart.text).toContain(`["Bodybutter","${butter.name}",${butter.price}]`);
  });

  it('follows the owner’s change: the page, the shell’s catalogue and the sitemap; a hidden product answers 404 and leaves the sitemap', async () => {
    const edit = { ...productForm(butter), name: 'Kokum Body Butter', price: 31900 };
    const put = (body: object) =>
      request(t.app)
        .put('/api/admin/products/Bodybutter')
        .set(bearer(owner))
        .send(body)
        .expect(200);
    await put(edit);
    expect((await html('/products/Bodybutter').expect(200)).text).toContain(
      '<h1>Kokum Body Butter</h1>',
    );
    expect((await html('/checkout')).text).toContain('["Bodybutter","Kokum Body Butter",31900]');

    await put({ ...edit, status: 'hidden' });
    const gone = await html('/products/Bodybutter').expect(404);
    expect(gone.text).toContain('<div id="root"></div>');
    expect(gone.text).not.toContain('Kokum Body Butter');
    expect((await request(t.app).get('/sitemap.xml')).text).not.toContain('Bodybutter');
    expect((await html('/products').expect(200)).text).not.toContain('"Bodybutter"');

    await put({ ...edit, name: butter.name, price: butter.price });
    await html('/products/Bodybutter').expect(200);
  });
});
