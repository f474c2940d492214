import { brand, products } from '@vanya/catalog';
import { describe, expect, it } from 'vitest';

import { pageFile, pageHtml, pageStyles, type Manifest } from './page-document';
import { prerenderedPaths, sitemapPaths } from './site-files';

// The pages rendered ahead (by the build's vite-plugins/prerender.ts, and by the API at run time):
// which pages, where, and their heads.
const PRERENDERED_PAGES = prerenderedPaths(products);
const SHELL = `<!doctype html><html><head><title>${brand.name}</title>
<meta name="description" content="${brand.description}" /></head>
<body><div class="splash"></div><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>`;

describe('the prerendered pages', () => {
  it('are every page of the sitemap and the sign-in pages, each in its own file', () => {
    expect(PRERENDERED_PAGES).toEqual(expect.arrayContaining(sitemapPaths(products)));
    expect(PRERENDERED_PAGES).toEqual(expect.arrayContaining(['/login', '/signup']));
    expect(PRERENDERED_PAGES).not.toContain('/cart');
    expect(pageFile('/')).toBe('index.html');
    expect(pageFile('/products')).toBe('products.html');
    expect(pageFile(`/products/${products[0]!.id}`)).toBe(`products/${products[0]!.id}.html`);
    expect(new Set(PRERENDERED_PAGES.map(pageFile)).size).toBe(PRERENDERED_PAGES.length);
  });

  it('carry their own title, description, canonical address and Open Graph tags, and their markup', () => {
    const html = pageHtml(
      SHELL,
      '/products/Bodybutter',
      {
        html: '<main><h1>Body Butter</h1></main>',
        title: 'Body Butter | Vanya Naturals',
        description: 'Whipped "kokum" & shea',
      },
      'https://shop.example.in',
      [],
      products,
    );
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(doc.title).toBe('Body Butter | Vanya Naturals');
    expect(doc.querySelectorAll('title')).toHaveLength(1);
    const meta = (selector: string) => doc.head.querySelector(selector)?.getAttribute('content');
    expect(meta('meta[name="description"]')).toBe('Whipped "kokum" & shea');
    expect(doc.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(doc.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      'https://shop.example.in/products/Bodybutter',
    );
    expect(meta('meta[property="og:type"]')).toBe('product');
    expect(meta('meta[property="og:title"]')).toBe('Body Butter | Vanya Naturals');
    expect(meta('meta[property="og:url"]')).toBe('https://shop.example.in/products/Bodybutter');
    expect(meta('meta[property="og:image"]')).toMatch(
      /^https:\/\/shop\.example\.in\/media\/products\/.+/,
    );
    const root = doc.getElementById('root');
    expect(root?.hasAttribute('data-prerendered')).toBe(true);
    expect(root?.querySelector('h1')?.textContent).toBe('Body Butter');
    // Its first picture, asked for first, as the gallery's AVIF sizes.
    const hint = doc.head.querySelector('link[rel="preload"][as="image"]');
    expect(hint?.getAttribute('imagesrcset')).toBe(
      '/media/products/body-butter-1-480.avif 480w, /media/products/body-butter-1.avif 960w',
    );
    expect(hint?.getAttribute('fetchpriority')).toBe('high');
  });

  it('ask for a photo the owner uploaded first on its product page, and for no picture elsewhere', () => {
    const rose = {
      ...products[0]!,
      id: 'rose-butter',
      images: ['/uploads/products/0123456789abcdef0123.webp'],
    };
    const page = { html: '<h1>Rose</h1>', title: 'Rose' };
    const doc = new DOMParser().parseFromString(
      pageHtml(SHELL, '/products/rose-butter', page, 'https://a.in', [], [...products, rose]),
      'text/html',
    );
    expect(
      doc.head.querySelector('link[rel="preload"][as="image"]')?.getAttribute('imagesrcset'),
    ).toBe(
      '/uploads/products/0123456789abcdef0123-480.avif 480w, /uploads/products/0123456789abcdef0123.avif 960w',
    );
    const home = new DOMParser().parseFromString(
      pageHtml(SHELL, '/', page, 'https://a.in', [], products),
      'text/html',
    );
    expect(home.head.querySelector('link[rel="preload"][as="image"]')).toBeNull();
  });

  it('fall back to the brand’s description, and the home page is the site itself', () => {
    const home = { html: '<h1>Home</h1>', title: brand.name };
    const html = pageHtml(SHELL, '/', home, 'https://a.in', [], products);
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(doc.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      brand.description,
    );
    expect(doc.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      'https://a.in/',
    );
    expect(doc.head.querySelector('meta[property="og:type"]')?.getAttribute('content')).toBe(
      'website',
    );
  });

  it('link the stylesheets their route brings that the shell does not, so nothing moves when the code arrives', () => {
    const manifest: Manifest = {
      'index.html': {
        file: 'assets/index.js',
        isEntry: true,
        css: ['assets/index.css'],
        imports: ['_shared.js'],
      },
      '_shared.js': { file: 'assets/shared.js', css: ['assets/shared.css'] },
      '_shop.js': { file: 'assets/shop.js', css: ['assets/shop.css'], imports: ['_shared.js'] },
      'src/app/routes/product-detail.tsx': {
        file: 'assets/product-detail.js',
        css: ['assets/product-detail.css'],
        imports: ['_shop.js'],
      },
      'src/app/routes/login.tsx': { file: 'assets/login.js', imports: ['_shared.js'] },
    };
    expect(pageStyles(manifest, '/products/Bodybutter')).toEqual([
      'assets/shop.css',
      'assets/product-detail.css',
    ]);
    expect(pageStyles(manifest, '/login')).toEqual([]);
    expect(() => pageStyles(manifest, '/about')).toThrow(/routes\/about/);
    const login = { html: '', title: 'Login' };
    const html = pageHtml(SHELL, '/login', login, 'https://a.in', ['assets/shop.css'], products);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/shop.css">');
  });
});
