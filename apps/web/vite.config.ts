import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

import { precompress } from './vite-plugins/precompress';
import { siteFiles } from './vite-plugins/site-files';

// The API listens on API_PORT (3000 by default); the dev server forwards API calls and uploaded
// files to it so the browser only ever talks to one origin, as in production.
const apiTarget = `http://localhost:${process.env.API_PORT ?? 3000}`;

export default defineConfig({
  // siteFiles writes robots.txt and sitemap.xml; precompress, last, the .br and .gz of dist's text.
  plugins: [react(), siteFiles(), precompress()],
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
              // The catalogue and the storefront's shared pieces: loaded with the first page
              // instead of as a dozen tiny files each route waits for.
              name: 'storefront',
              test: /([\\/]packages[\\/]catalog[\\/]src[\\/])|([\\/]src[\\/](components[\\/](media|product)|hooks|lib[\\/](cart|wishlist)-store)[\\/.])/,
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
});
