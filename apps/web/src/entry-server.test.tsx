import { brand, formatINR, products, type Product } from '@vanya/catalog';
import { describe, expect, it } from 'vitest';

import type { Manifest } from './app/page-document';
import { prerenderedPaths, renderDocument, shellDocument, sitemapXml } from './entry-server';

// The server entry as the API calls it at run time: a public page's whole HTML for the catalogue
// of its database.

const SHELL = `<!doctype html><html><head><title>${brand.name}</title>
<meta name="description" content="${brand.description}" /></head>
<body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>`;

const MANIFEST: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, css: ['assets/index.css'] },
  'src/app/routes/product-detail.tsx': {
    file: 'assets/product-detail.js',
    css: ['assets/product-detail.css'],
  },
  'src/app/routes/products.tsx': { file: 'assets/products.js' },
  'src/app/routes/home.tsx': { file: 'assets/home.js' },
};

const SITE = 'https://shop.example.in';

/** The catalogue of the code with the Body Butter changed as an owner might. */
function changed(butter: Partial<Product>): Product[] {
  return products.map((product) =>
    product.id === 'Bodybutter' ? { ...product, ...butter } : product,
  );
}

const document = (pagePath: string, list: readonly Product[]) =>
  renderDocument({ shell: SHELL, manifest: MANIFEST, siteUrl: SITE, pagePath, products: list });

/** The products the page carries, as the browser reads them. */
function carried(html: string): Product[] {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const scripts = doc.querySelectorAll('script#catalogue');
  expect(scripts).toHaveLength(1);
  expect(scripts[0]?.getAttribute('type')).toBe('application/json');
  return JSON.parse(scripts[0]?.textContent ?? '') as Product[];
}

describe('renderDocument', () => {
  it('renders a product page with the catalogue’s name and price, and carries that catalogue', async () => {
    const list = changed({ name: 'Cocoa Cloud Butter', price: 42_900, discountedPrice: 42_900 });
    const html = await document('/products/Bodybutter', list);
    expect(html).toBeDefined();
    expect(html).toContain(`<title>Cocoa Cloud Butter | ${brand.name}</title>`);
    const root = html!.slice(html!.indexOf('<div id="root" data-prerendered>'));
    expect(root).toContain('>Cocoa Cloud Butter</h1>');
    expect(root).toContain(formatINR(42_900));
    expect(root).not.toContain('>Body Butter</h1>');
    expect(html).toContain(`<link rel="canonical" href="${SITE}/products/Bodybutter" />`);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/product-detail.css">');
    expect(html).not.toContain('application/ld+json');
    expect(carried(html!)).toEqual(list);
    // The script comes after the markup, just before </body>.
    expect(html!.indexOf('id="catalogue"')).toBeGreaterThan(html!.indexOf('data-prerendered'));
    expect(html).toMatch(/<\/script><\/body>/);
  });

  it('lists the catalogue’s products on /products and the home page', async () => {
    const list = changed({ name: 'Cocoa Cloud Butter' });
    expect(await document('/products', list)).toContain('Cocoa Cloud Butter');
    expect(await document('/', list)).toContain('Cocoa Cloud Butter');
  });

  it('answers undefined for a product the catalogue does not have, and for a shopper’s page', async () => {
    expect(await document('/products/NoSuchThing', products)).toBeUndefined();
    const without = products.filter((product) => product.id !== 'Hamper');
    expect(await document('/products/Hamper', without)).toBeUndefined();
    expect(await document('/cart', products)).toBeUndefined();
  });

  it('escapes the carried JSON, so a description cannot end the script or open a comment', async () => {
    const description = 'Soft </script><script>alert(1)</script> <!-- and & "quotes"';
    const list = changed({ description });
    const html = (await document('/products/Bodybutter', list))!;
    const script = /<script type="application\/json" id="catalogue">([^]*?)<\/script>/.exec(html);
    expect(script?.[1]).not.toContain('<');
    expect(script?.[1]).toContain('\\u003c/script>');
    expect(carried(html)[0]?.description).toBe(description);
    expect(html.match(/<\/body>/g)).toHaveLength(1);
  });
});

describe('shellDocument, prerenderedPaths and sitemapXml', () => {
  it('put the catalogue into the shell once, in place of the one it carried', () => {
    const list = changed({ name: 'Cocoa Cloud Butter' });
    const once = shellDocument(SHELL, products);
    const twice = shellDocument(once, list);
    expect(carried(twice)).toEqual(list);
    expect(twice).toContain('<div id="root"></div>');
  });

  it('follow the catalogue’s products', () => {
    const list = [...products, { ...products[0]!, id: 'Rosewater' } as unknown as Product];
    expect(prerenderedPaths(list)).toContain('/products/Rosewater');
    expect(prerenderedPaths(list)).toContain('/login');
    expect(sitemapXml(SITE, list)).toContain(`<loc>${SITE}/products/Rosewater</loc>`);
    expect(sitemapXml(SITE, products.slice(1))).not.toContain('/products/Bodybutter<');
  });
});
