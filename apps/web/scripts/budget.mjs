#!/usr/bin/env node
// The storefront's performance budget, measured on the production build (apps/web/dist):
//   1. the home route's JavaScript, gzipped: the entry chunk, the home route's chunk and every chunk
//      they import statically, at most 150 KB;
//   2. Lighthouse 12 (mobile, simulated throttling) on /, /products and a product page:
//      performance at least 90, accessibility at least 95 (the median of three runs each).
// dist is served by a small static server with gzip and the single-page fallback, as a production
// host would serve it. Build first (`pnpm build`), then `node scripts/budget.mjs` in apps/web.
// Options: --js-only (skip Lighthouse), --runs=N (Lighthouse runs per page, default 3).

import { once } from 'node:events';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const DIST = path.resolve(HERE, '../dist');
const ASSETS = path.join(DIST, 'assets');
const HOME_JS_BUDGET_KB = 150;
const MIN_PERFORMANCE = 90;
const MIN_ACCESSIBILITY = 95;
const PAGES = ['/', '/products', '/products/Bodybutter'];
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const args = process.argv.slice(2);
const jsOnly = args.includes('--js-only');
const runs = Number(args.find((arg) => arg.startsWith('--runs='))?.split('=')[1] ?? 3);

if (!existsSync(path.join(DIST, 'index.html'))) {
  console.error('apps/web/dist is missing: run `pnpm build` first.');
  process.exit(2);
}

const gzipKb = (file) => gzipSync(readFileSync(file), { level: 9 }).length / 1024;
const failures = [];

// ---------------------------------------------------------------------------------------------
// 1. JavaScript of the home route

/** The chunks a chunk imports statically (`import ... from "./x.js"` and `import "./x.js"`). */
function staticImports(file) {
  const source = readFileSync(path.join(ASSETS, file), 'utf8');
  return [...source.matchAll(/(?:\bfrom|\bimport)\s*["'`]\.\/([^"'`]+\.js)["'`]/g)].map(
    (m) => m[1],
  );
}

function closure(start) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    staticImports(file).forEach(visit);
  };
  start.forEach(visit);
  return seen;
}

function homeRouteJs() {
  const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const entry = /<script[^>]+type="module"[^>]+src="\/assets\/([^"]+\.js)"/.exec(html)?.[1];
  if (!entry) throw new Error('No module entry script in dist/index.html');
  const entrySource = readFileSync(path.join(ASSETS, entry), 'utf8');
  // The router's lazy route module for '/' (src/app/routes/home.tsx) becomes assets/home-<hash>.js.
  const home = [...entrySource.matchAll(/import\(\s*["'`]\.\/(home-[^"'`]+\.js)["'`]\s*\)/g)].map(
    (m) => m[1],
  );
  if (home.length !== 1) throw new Error(`Expected one home route chunk, found ${home.length}`);
  const files = [...closure([entry, ...home])];
  const rows = files
    .map((file) => ({ file, kb: gzipKb(path.join(ASSETS, file)) }))
    .sort((a, b) => b.kb - a.kb);
  return { rows, total: rows.reduce((sum, row) => sum + row.kb, 0) };
}

const js = homeRouteJs();
console.log('Home route JavaScript (gzip -9):');
for (const row of js.rows) console.log(`  ${row.kb.toFixed(1).padStart(7)} KB  ${row.file}`);
console.log(`  ${js.total.toFixed(1).padStart(7)} KB  total (budget ${HOME_JS_BUDGET_KB} KB)`);
if (js.total > HOME_JS_BUDGET_KB) {
  failures.push(`home route JavaScript ${js.total.toFixed(1)} KB > ${HOME_JS_BUDGET_KB} KB`);
}

// ---------------------------------------------------------------------------------------------
// 2. Lighthouse

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.png': 'image/png',
  '.mp4': 'video/mp4',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.txt']);

/** dist as a production host serves it: long-cached hashed assets, gzip, single-page fallback. */
function startServer() {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname.startsWith('/api/')) {
      // These pages need no API for a visitor who is not signed in.
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"msg":"Not found","message":"Not found","code":"NOT_FOUND"}');
      return;
    }
    let file = path.join(DIST, decodeURIComponent(url.pathname));
    if (!file.startsWith(DIST) || !existsSync(file) || statSync(file).isDirectory()) {
      file = path.join(DIST, 'index.html');
    }
    const ext = path.extname(file);
    let body = readFileSync(file);
    const headers = {
      'content-type': TYPES[ext] ?? 'application/octet-stream',
      'cache-control': url.pathname.startsWith('/assets/')
        ? 'public, max-age=31536000, immutable'
        : 'no-cache',
    };
    if (COMPRESSIBLE.has(ext) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
      body = gzipSync(body);
      headers['content-encoding'] = 'gzip';
    }
    headers['content-length'] = body.length;
    res.writeHead(200, headers);
    res.end(body);
  });
  server.listen(0, '127.0.0.1');
  return server;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function lighthouseScores() {
  const require = createRequire(import.meta.url);
  const { default: lighthouse } = await import('lighthouse');
  // chrome-launcher comes with lighthouse.
  const launcherPath = createRequire(require.resolve('lighthouse')).resolve('chrome-launcher');
  const chromeLauncher = await import(launcherPath);

  const server = startServer();
  await once(server, 'listening');
  const { port } = server.address();
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  const results = [];
  try {
    for (const page of PAGES) {
      const performance = [];
      const accessibility = [];
      const metrics = [];
      for (let run = 0; run < runs; run += 1) {
        const result = await lighthouse(`http://127.0.0.1:${port}${page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
        });
        const { categories, audits } = result.lhr;
        performance.push(Math.round(categories.performance.score * 100));
        accessibility.push(Math.round(categories.accessibility.score * 100));
        metrics.push({
          fcp: audits['first-contentful-paint'].numericValue,
          lcp: audits['largest-contentful-paint'].numericValue,
          tbt: audits['total-blocking-time'].numericValue,
          cls: audits['cumulative-layout-shift'].numericValue,
          si: audits['speed-index'].numericValue,
          failedA11y: Object.values(audits)
            .filter(
              (audit) =>
                audit.score === 0 &&
                result.lhr.categories.accessibility.auditRefs.some((ref) => ref.id === audit.id),
            )
            .map((audit) => audit.id),
        });
      }
      const best = metrics[performance.indexOf(median(performance))];
      results.push({
        page,
        performance: median(performance),
        accessibility: median(accessibility),
        runs: performance,
        metrics: best,
      });
    }
  } finally {
    await chrome.kill();
    server.close();
  }
  return results;
}

if (!jsOnly) {
  console.log(`\nLighthouse 12, mobile (median of ${runs} run${runs === 1 ? '' : 's'}):`);
  for (const result of await lighthouseScores()) {
    const m = result.metrics;
    console.log(
      `  ${result.page.padEnd(22)} performance ${String(result.performance).padStart(3)}  accessibility ${String(result.accessibility).padStart(3)}` +
        `   (runs ${result.runs.join('/')}; FCP ${(m.fcp / 1000).toFixed(1)} s, LCP ${(m.lcp / 1000).toFixed(1)} s, TBT ${Math.round(m.tbt)} ms, CLS ${m.cls.toFixed(3)}, SI ${(m.si / 1000).toFixed(1)} s)`,
    );
    if (m.failedA11y.length > 0)
      console.log(`      accessibility audits failing: ${m.failedA11y.join(', ')}`);
    if (result.performance < MIN_PERFORMANCE)
      failures.push(`${result.page}: performance ${result.performance} < ${MIN_PERFORMANCE}`);
    if (result.accessibility < MIN_ACCESSIBILITY)
      failures.push(`${result.page}: accessibility ${result.accessibility} < ${MIN_ACCESSIBILITY}`);
  }
}

if (failures.length > 0) {
  console.error(`\nOver budget:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('\nWithin budget.');
