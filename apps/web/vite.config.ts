import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

import { pageCatalogue } from './vite-plugins/page-catalogue';
import { pagePreload } from './vite-plugins/page-preload';
import { precompress } from './vite-plugins/precompress';
import { prerender } from './vite-plugins/prerender';
import { siteFiles } from './vite-plugins/site-files';
import { splash } from './vite-plugins/splash';

// The API listens on API_PORT (3000 by default); the dev server forwards API calls and uploaded
// files to it so the browser only ever talks to one origin, as in production.
const apiTarget = `http://localhost:${process.env.API_PORT ?? 3000}`;

// `vite build` builds the browser's app into dist; `vite build --ssr src/entry-server.tsx` then
// builds the same pages for Node into .ssr and prerenders the public ones into dist/pages.
// The API imports .ssr/entry-server.js at run time to render the pages for its database's
// catalogue; everything it needs is bundled in, as the API's own image carries no React.
const serverBuild = {
  plugins: [react(), prerender()],
  ssr: { noExternal: true as const },
  build: { outDir: '.ssr', emptyOutDir: true, copyPublicDir: false },
};

export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? serverBuild
    : {
        // splash writes the splash into index.html; siteFiles robots.txt and sitemap.xml; pagePreload
        // the script that preloads a page's picture and code; pageCatalogue the catalogue's script
        // into index.html; precompress, last, the .br and .gz of dist's text.
        plugins: [react(), splash(), siteFiles(), pagePreload(), pageCatalogue(), precompress()],
        server: {
          port: 5173,
          proxy: {
            '/api': { target: apiTarget, changeOrigin: true },
            '/uploads': { target: apiTarget, changeOrigin: true },
          },
        },
        preview: {
          proxy: {
            '/api': { target: apiTarget, changeOrigin: true },
            '/uploads': { target: apiTarget, changeOrigin: true },
          },
        },
        build: {
          outDir: 'dist',
          // dist/.vite/manifest.json: the styles each page's code brings, which the prerender links.
          manifest: true,
          rolldownOptions: {
            treeshake: {
              // The workspace packages are pure data and functions (schemas, catalogue, messages), but
              // their barrels make every module look side-effectful; without this, importing one text
              // from @vanya/contracts would ship every schema to the browser.
              moduleSideEffects: (id: string) =>
                !/[\\/]packages[\\/](catalog|contracts)[\\/]src[\\/]/.test(id),
            },
            output: {
              // Each lazy route module already becomes its own chunk; the framework code that every
              // route shares goes into one long-cached vendor chunk instead of being re-split per route.
              codeSplitting: {
                groups: [
                  {
                    name: 'react-vendor',
                    test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/,
                  },
                  {
                    // The data cache: its provider wraps every page, so it loads with the first one. Its own
                    // group, as otherwise the shop group below (which uses it) would take it along.
                    name: 'query',
                    priority: 3,
                    test: /node_modules[\\/]@tanstack[\\/]/,
                  },
                  {
                    // The catalogue and the shared pieces the first page of any visit needs (the layout's
                    // cart count, the session, the page's catalogue, the slideshow, the chat's keep-clear mark): one file instead
                    // of a dozen tiny ones.
                    // Each module captured here brings its imports along, so nothing in this list may
                    // import the API client: it and the data hooks belong to the next group.
                    name: 'storefront',
                    priority: 2,
                    test: /([\\/]packages[\\/]catalog[\\/]src[\\/])|([\\/]src[\\/](components[\\/]media[\\/](slideshow|responsive-image|use-autoplay|use-swipe)|hooks[\\/](use-session|use-cart|use-catalogue|use-reduced-motion)|lib[\\/](cart-store|auth-storage|keep-clear))[.])/,
                  },
                  {
                    // What the product list, the product page, the cart and the checkout share (prices,
                    // stock, wishlist, videos) and the API client with axios: loaded by those pages, not
                    // by the home page's first load.
                    name: 'shop',
                    priority: 1,
                    test: /[\\/]src[\\/](components[\\/](product|media)|hooks|lib[\\/](wishlist-store|api-client))[\\/.]/,
                  },
                ],
              },
            },
          },
        },
        test: {
          environment: 'jsdom',
          setupFiles: ['./vitest.setup.ts'],
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ['e2e/**', 'node_modules/**', 'dist/**'],
          restoreMocks: true,
          // Room for the 15 s waits of vitest.setup.ts on a busy machine.
          testTimeout: 45_000,
        },
      },
);
