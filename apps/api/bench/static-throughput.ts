// The web app's files as the shop serves them (the built API with SERVE_WEB: platform/http/web-app.ts
// behind createApp's middleware) against a bare express.static on the same dist files (with the
// single-page fallback by sendFile, as the shop served them before), in requests per second. The
// shop should reach at least 0.8 of the bare server on each path.
//
// Three paths: the entry script (a hashed asset) as a browser asks for it (Accept-Encoding gzip,
// deflate, br: the shop answers the brotli file, express.static the file itself) and with no
// Accept-Encoding (both answer the same bytes), and a page of the single-page app (index.html).
// Each server is a child process of its own; the two alternate for BENCH_ROUNDS rounds (3) of
// BENCH_SECONDS each (3) per path, and the ratio is taken between the medians.
// Run: pnpm build && pnpm --filter @vanya/api bench:static
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express from 'express';
import { findRepoRoot } from '../src/platform/paths';
import { load, ms, startStack } from './harness';
import type { LoadResult } from './harness';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const MIN_RATIO = 0.8;
const BROWSER = 'gzip, deflate, br, zstd';

/** The bare server: express.static and sendFile, nothing else (run as a child, `--bare <dist>`). */
function bareServer(dist: string): void {
  const app = express();
  app.use(
    '/assets',
    express.static(path.join(dist, 'assets'), { immutable: true, maxAge: '365d', index: false }),
  );
  app.use(express.static(dist, { index: false, maxAge: '1h' }));
  app.get(/.*/, (_req, res) => {
    res.set('Cache-Control', 'no-cache').sendFile(path.join(dist, 'index.html'));
  });
  const server = app.listen(0, '127.0.0.1', () => {
    const address = server.address();
    console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
  });
}

async function startBare(dist: string): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const child = spawn(
    process.execPath,
    [...process.execArgv, fileURLToPath(import.meta.url), '--bare', dist],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const port = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening (\d+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}: ${out}`)));
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

if (process.argv[2] === '--bare') {
  bareServer(process.argv[3]!);
} else {
  const dist = path.join(findRepoRoot(), 'apps/web/dist');
  if (!existsSync(path.join(dist, 'index.html')))
    throw new Error('Build the web app first: pnpm build (apps/web/dist/index.html is missing)');
  const entry = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(
    readFileSync(path.join(dist, 'index.html'), 'utf8'),
  )?.[1];
  if (!entry) throw new Error('No entry script in apps/web/dist/index.html');

  const paths: { name: string; path: string; headers: Record<string, string> }[] = [
    { name: `${entry} (browser)`, path: entry, headers: { 'Accept-Encoding': BROWSER } },
    { name: `${entry} (no encoding)`, path: entry, headers: {} },
    {
      name: '/products/Bodybutter (page)',
      path: '/products/Bodybutter',
      headers: { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'Accept-Encoding': BROWSER },
    },
  ];

  const shop = await startStack({ SERVE_WEB: 'true', WEB_DIST_DIR: dist });
  const bare = await startBare(dist);
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
    const median = (list: LoadResult[]) =>
      [...list].sort((a, b) => a.rps - b.rps)[list.length >> 1]!;
    for (const target of paths) {
      const run = (baseUrl: string) =>
        load(baseUrl, {
          connections: CONNECTIONS,
          durationMs: SECONDS * 1000,
          next: () => ({ method: 'GET', path: target.path, headers: target.headers }),
        });
      // Warm both (JIT, sockets) before measuring.
      await run(shop.baseUrl);
      await run(bare.baseUrl);
      const shops: LoadResult[] = [];
      const bares: LoadResult[] = [];
      for (let round = 1; round <= ROUNDS; round += 1) {
        // Alternate which goes first, so a slow moment of the machine falls on both.
        if (round % 2) {
          shops.push(await run(shop.baseUrl));
          bares.push(await run(bare.baseUrl));
        } else {
          bares.push(await run(bare.baseUrl));
          shops.push(await run(shop.baseUrl));
        }
      }
      const s = median(shops);
      const b = median(bares);
      rows[`${target.name}: shop`] = row(s);
      rows[`${target.name}: express.static`] = row(b);
      const ratio = s.rps / b.rps;
      const bad = ratio < MIN_RATIO || s.errors > 0 || Object.keys(s.statuses).join() !== '200';
      failed ||= bad;
      ratios.push(`  ${target.name}: ${ratio.toFixed(2)}x${bad ? '  (FAIL)' : ''}`);
    }
    console.log(
      `\nStatic files: the shop against express.static (${CONNECTIONS} connections, medians of ${ROUNDS} interleaved rounds of ${SECONDS} s)`,
    );
    console.table(rows);
    console.log(`throughput ratio (shop / express.static), at least ${MIN_RATIO}:`);
    console.log(ratios.join('\n'));
    process.exitCode = failed ? 1 : 0;
  } finally {
    await bare.stop();
    await shop.stop();
  }
}
