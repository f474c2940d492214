import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import type { Rolldown } from 'vite';

import {
  lcpImageHints,
  pageCode,
  pagePreloadScript,
  pageRoutes,
  pageTable,
  pathPattern,
  type ImageHint,
  type PageTable,
} from '../../vite-plugins/page-preload';
import { heroSources } from '../features/home/hero-images';
import { HERO_SLIDES } from '../features/home/texts';
import { routes } from './router';

const PUBLIC = path.resolve(__dirname, '../../public');

describe('the first-image hints of the build (vite-plugins/page-preload.ts)', () => {
  const hints = lcpImageHints();

  it('name files that exist', () => {
    for (const list of Object.values(hints)) {
      for (const hint of list) {
        for (const entry of hint.srcset.split(',')) {
          const file = entry.trim().split(' ')[0] ?? '';
          expect(existsSync(path.join(PUBLIC, file)), file).toBe(true);
        }
      }
    }
  });

  it('ask on the home page for the AVIF files of the first hero slide, by screen', () => {
    const sources = heroSources(HERO_SLIDES[0]);
    expect(hints['/']?.map((hint) => hint.srcset)).toEqual([
      sources.mobileAvif,
      sources.desktopAvif,
    ]);
  });

  it('leave product pages to the hint each carries (the owner changes products at run time)', () => {
    expect(Object.keys(hints).filter((page) => page.startsWith('/products/'))).toEqual([]);
  });
});

/** A chunk of a bundle, as much of it as pageCode reads. */
function chunk(fileName: string, imports: string[], css: string[] = [], extra = {}) {
  return {
    type: 'chunk',
    fileName,
    imports,
    isEntry: false,
    facadeModuleId: null,
    moduleIds: [`/repo/apps/web/src/${fileName}.ts`],
    viteMetadata: { importedCss: new Set(css), importedAssets: new Set() },
    ...extra,
  };
}

describe('the page code hints of the build (vite-plugins/page-preload.ts)', () => {
  it('find every lazy page of the router but the catch-all', () => {
    const lazyPaths: string[] = [];
    const walk = (list: RouteObject[]) => {
      for (const route of list) {
        if (route.lazy) lazyPaths.push(route.index ? '/' : `/${route.path ?? ''}`);
        if (route.children) walk(route.children);
      }
    };
    walk(routes);
    const pages = pageRoutes();
    expect(pages.map((page) => page.path).sort()).toEqual(
      lazyPaths.filter((p) => p !== '/*').sort(),
    );
    expect(pages).toContainEqual({ path: '/login', module: 'login' });
    expect(pages).toContainEqual({ path: '/products/:productId', module: 'product-detail' });
    expect(pages).toContainEqual({ path: '/', module: 'home' });
    for (const page of pages) {
      expect(existsSync(path.resolve(__dirname, `routes/${page.module}.tsx`)), page.module).toBe(
        true,
      );
    }
  });

  it('read the router source as written', () => {
    const source = readFileSync(path.resolve(__dirname, 'router.tsx'), 'utf8');
    expect(pageRoutes(source)).toEqual(pageRoutes());
    expect(pageRoutes("{ path: 'a/:b', lazy: () => import('./routes/c') }")).toEqual([
      { path: '/a/:b', module: 'c' },
    ]);
  });

  // The entry imports vendor; the login page imports form (and vendor); form imports zod.
  const bundle = {
    'assets/index.js': chunk('assets/index.js', ['assets/vendor.js'], ['assets/index.css'], {
      isEntry: true,
    }),
    'assets/vendor.js': chunk('assets/vendor.js', [], ['assets/vendor.css']),
    'assets/login.js': chunk(
      'assets/login.js',
      ['assets/form.js', 'assets/vendor.js'],
      ['assets/login.css'],
      {
        facadeModuleId: '/repo/apps/web/src/app/routes/login.tsx',
      },
    ),
    'assets/form.js': chunk(
      'assets/form.js',
      ['assets/zod.js'],
      ['assets/form.css', 'assets/vendor.css'],
    ),
    'assets/zod.js': chunk('assets/zod.js', []),
    'assets/detail.js': chunk('assets/detail.js', ['assets/zod.js'], ['assets/detail.css'], {
      facadeModuleId: '/repo/apps/web/src/app/routes/product-detail.tsx',
    }),
    'assets/index.css': { type: 'asset', fileName: 'assets/index.css' },
  } as unknown as Rolldown.OutputBundle;
  const code = pageCode(bundle, [
    { path: '/login', module: 'login' },
    { path: '/products/:productId', module: 'product-detail' },
  ]);

  it("list a page's chunks and styles that the entry does not load", () => {
    expect(code.get('login')).toEqual([
      'assets/login.js',
      'assets/form.js',
      'assets/zod.js',
      // Imported styles first: the page's own rules win ties, as when its modules load them.
      'assets/form.css',
      'assets/login.css',
    ]);
    expect(code.get('product-detail')).toEqual([
      'assets/detail.js',
      'assets/zod.js',
      'assets/detail.css',
    ]);
  });

  it('leave out a chunk of styles only, which the build drops, but keep its styles', () => {
    const withStyleChunk = {
      ...bundle,
      'assets/policy.js': chunk('assets/policy.js', ['assets/policy-page.js'], [], {
        facadeModuleId: '/repo/apps/web/src/app/routes/terms.tsx',
      }),
      'assets/policy-page.js': chunk('assets/policy-page.js', [], ['assets/policy-page.css'], {
        moduleIds: ['/repo/apps/web/src/features/policies/policy-page.css'],
      }),
    } as unknown as Rolldown.OutputBundle;
    expect(pageCode(withStyleChunk, [{ path: '/terms', module: 'terms' }]).get('terms')).toEqual([
      'assets/policy.js',
      'assets/policy-page.css',
    ]);
  });

  it('fail the build when a page has no chunk', () => {
    expect(() => pageCode(bundle, [{ path: '/cart', module: 'cart' }])).toThrow(/routes\/cart/);
  });
});

describe('the page preload script of the build (vite-plugins/page-preload.ts)', () => {
  const run = (pathname: string, hints: Record<string, ImageHint[]>, table: PageTable) => {
    document.head.innerHTML = '';
    window.history.replaceState(null, '', pathname);
    new Function(pagePreloadScript(hints, table))();
    window.history.replaceState(null, '', '/');
    const links = [...document.head.querySelectorAll('link')];
    document.head.innerHTML = '';
    return links;
  };
  const describeLink = (link: HTMLLinkElement) => [
    link.rel,
    link.getAttribute('as'),
    link.getAttribute('href'),
    link.getAttribute('crossorigin'),
  ];

  it('match a page path, one segment per parameter, with or without a final slash', () => {
    const match = (route: string, pathname: string) =>
      new RegExp(pathPattern(route)).test(pathname);
    expect(match('/', '/')).toBe(true);
    expect(match('/', '/login')).toBe(false);
    expect(match('/login', '/login/')).toBe(true);
    expect(match('/login', '/login/extra')).toBe(false);
    expect(match('/products/:productId', '/products/Bodybutter')).toBe(true);
    expect(match('/products/:productId', '/products')).toBe(false);
    expect(match('/products/:productId', '/products/a/b')).toBe(false);
  });

  const table = pageTable(
    [
      { path: '/products', module: 'products' },
      { path: '/products/:productId', module: 'product-detail' },
      { path: '/login', module: 'login' },
    ],
    new Map([
      ['products', ['assets/products.js', 'assets/shop.js', 'assets/products.css']],
      ['product-detail', ['assets/detail.js', 'assets/shop.js']],
      ['login', ['assets/login.js', 'assets/auth.css']],
    ]),
  );

  it('write each file once in its table', () => {
    expect(table.files.filter((file) => file === 'assets/shop.js')).toHaveLength(1);
    expect(table.pages.map(([pattern]) => pattern)).toEqual([
      '^/products/?$',
      '^/products/[^/]+/?$',
      '^/login/?$',
    ]);
  });

  it("preload the current page's code only, crossorigin like the entry's links", () => {
    expect(run('/login', {}, table).map(describeLink)).toEqual([
      ['modulepreload', null, '/assets/login.js', ''],
      ['stylesheet', null, '/assets/auth.css', ''],
    ]);
    expect(run('/products/Bodybutter/', {}, table).map((l) => l.getAttribute('href'))).toEqual([
      '/assets/detail.js',
      '/assets/shop.js',
    ]);
    expect(run('/products', {}, table).map((l) => l.getAttribute('href'))).toEqual([
      '/assets/products.js',
      '/assets/shop.js',
      '/assets/products.css',
    ]);
    expect(run('/cart', {}, table)).toEqual([]);
  });

  it("preload the page's picture first, then its code", () => {
    const hints = lcpImageHints();
    const links = run('/products', hints, table);
    expect(links.map((l) => l.getAttribute('as') ?? l.rel)[0]).toBe('image');
    expect(links[0]?.getAttribute('imagesrcset')).toBe(hints['/products']?.[0]?.srcset);
    expect(links[0]?.getAttribute('fetchpriority')).toBe('high');
    expect(links.slice(1).every((l) => l.getAttribute('as') === null)).toBe(true);
  });
});
