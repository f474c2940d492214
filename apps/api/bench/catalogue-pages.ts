// The shop's public pages as the API now serves them, rendered for the catalogue in its database
// (modules/products/public-pages.ts: once per catalogue, then prepared with the JSON-LD), against
// the same built API serving the pages the build prerendered as files (how it served them before
// the catalogue was data: WEB_SSR_DIR pointing nowhere), in requests per second and latency. What
// a shopper and a search engine feel: a product page and the catalogue page as a browser asks for
// them, and the catalogue's JSON. The rendered shop should reach at least 0.8 of the files.
//
// Each server is a child process with its own embedded database; the two alternate for
// BENCH_ROUNDS rounds (3) of BENCH_SECONDS each (3) per path, and the ratio is taken between the
// medians. Run: pnpm build && pnpm --filter @vanya/api bench:pages
import { existsSync } from 'node:fs';
import path from 'node:path';
import { findRepoRoot } from '../src/platform/paths';
import { load, ms, startStack } from './harness';
import type { LoadResult } from './harness';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const MIN_RATIO = 0.8;
const BROWSER = 'gzip, deflate, br, zstd';
const PAGE = { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'Accept-Encoding': BROWSER };

const root = findRepoRoot();
const dist = path.join(root, 'apps/web/dist');
if (!existsSync(path.join(root, 'apps/web/.ssr/entry-server.js')))
  throw new Error('Build the web app first: pnpm build (its server bundle, .ssr, is missing)');

const paths = [
  { name: '/products/Bodybutter (page)', path: '/products/Bodybutter', headers: PAGE },
  { name: '/products (page)', path: '/products', headers: PAGE },
  { name: '/api/products (JSON)', path: '/api/products', headers: { 'Accept-Encoding': BROWSER } },
];

const rendered = await startStack({ SERVE_WEB: 'true', WEB_DIST_DIR: dist });
const files = await startStack({
  SERVE_WEB: 'true',
  WEB_DIST_DIR: dist,
  WEB_SSR_DIR: 'no-server-bundle-here',
});
let failed = false;
try {
  const rows: Record<string, Record<string, string | number>> = {};
  const ratios: string[] = [];
  const row = (f: LoadResult) => ({
    'requests/s': f.rps.toFixed(0),
    p50: ms(f.p50),
    p99: ms(f.p99),
    errors: f.errors,
  });
  const median = (list: LoadResult[]) => [...list].sort((a, b) => a.rps - b.rps)[list.length >> 1]!;
  for (const target of paths) {
    const run = (baseUrl: string) =>
      load(baseUrl, {
        connections: CONNECTIONS,
        durationMs: SECONDS * 1000,
        next: () => ({ method: 'GET', path: target.path, headers: target.headers }),
      });
    // Warm both (JIT, sockets, the first render) before measuring.
    await run(rendered.baseUrl);
    await run(files.baseUrl);
    const news: LoadResult[] = [];
    const olds: LoadResult[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      // Alternate which goes first, so a slow moment of the machine falls on both.
      if (round % 2) {
        news.push(await run(rendered.baseUrl));
        olds.push(await run(files.baseUrl));
      } else {
        olds.push(await run(files.baseUrl));
        news.push(await run(rendered.baseUrl));
      }
    }
    const n = median(news);
    const o = median(olds);
    rows[`${target.name}: rendered`] = row(n);
    rows[`${target.name}: prerendered files`] = row(o);
    const ratio = n.rps / o.rps;
    const bad = ratio < MIN_RATIO || n.errors > 0 || Object.keys(n.statuses).join() !== '200';
    failed ||= bad;
    ratios.push(`  ${target.name}: ${ratio.toFixed(2)}x${bad ? '  (FAIL)' : ''}`);
  }
  console.log(
    `\nPublic pages: rendered for the catalogue of the moment against the build's prerendered files (${CONNECTIONS} connections, medians of ${ROUNDS} interleaved rounds of ${SECONDS} s)`,
  );
  console.table(rows);
  console.log(`throughput ratio (rendered / files), at least ${MIN_RATIO}:`);
  console.log(ratios.join('\n'));
  process.exitCode = failed ? 1 : 0;
} finally {
  await files.stop();
  await rendered.stop();
}
