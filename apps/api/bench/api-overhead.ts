// What does the shop's Express stack cost on its hottest reads? The BUILT API (every middleware:
// security headers, request ids and logging, CORS, cookies, body parsing, routing) answers
// GET /api/products and GET /api/products/Bodybutter; a bare Express 5 app in its own process
// answers the same bytes with the same Content-Type. Both are driven by the same closed-loop load
// (BENCH_CONNECTIONS, 8 by default), alternating for BENCH_ROUNDS rounds (3) of BENCH_SECONDS (4)
// each; the ratio is between the medians, so one noisy window on a shared machine does not decide.
// Bar: the API at least 0.8x the bare app's throughput on each read.
//
// Then memory: 50 connections read the catalogue and three products for BENCH_SECONDS x 2,
// and the API process's peak resident set (VmHWM, /proc/<pid>/status) must stay at most 200 MB.
// Run: pnpm build && pnpm --filter @vanya/api bench:overhead
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { load, median, ms, startStack } from './harness';
import type { LoadResult, RequestSpec } from './harness';
import { cpuMsOf } from '../src/testing/proc-stat';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const MIN_RATIO = 0.8;
const MAX_RSS_MB = 200;
const PATHS = ['/api/products', '/api/products/Bodybutter'];

function peakMemoryMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

/** The bare app: one Express 5 process answering each path with the captured bytes. */
async function startBare(answers: Record<string, { type: string; body: string }>) {
  const child = spawn(
    process.execPath,
    [fileURLToPath(new URL('./bare-express.mjs', import.meta.url))],
    {
      env: { ...process.env, BARE_ANSWERS: JSON.stringify(answers) },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const baseUrl = await new Promise<string>((resolve, reject) => {
    child.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once('exit', (code) => reject(new Error(`bare app exited with ${code}`)));
  });
  return {
    baseUrl,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

const stack = await startStack({ RATE_LIMIT_SCALE: '100000' });
const answers: Record<string, { type: string; body: string }> = {};
for (const path of PATHS) {
  const res = await fetch(`${stack.baseUrl}${path}`);
  answers[path] = {
    type: res.headers.get('content-type') ?? 'application/json',
    body: await res.text(),
  };
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
}
const bare = await startBare(answers);

try {
  const rows: Record<string, Record<string, string>> = {};
  let ok = true;
  for (const path of PATHS) {
    const next = (): RequestSpec => ({ method: 'GET', path });
    // Each phase also notes the server's CPU time per answer: unlike throughput, it hardly
    // depends on what else the machine is doing, so it shows where a difference comes from.
    const run = async (baseUrl: string, pid: number) => {
      const before = cpuMsOf(pid);
      const result = await load(baseUrl, {
        connections: CONNECTIONS,
        durationMs: SECONDS * 1000,
        next,
      });
      return { ...result, cpuPerRequest: (cpuMsOf(pid) - before) / result.requests };
    };
    await run(stack.baseUrl, stack.api.pid!); // warm-up, both sides
    await run(bare.baseUrl, bare.pid);
    const api: (LoadResult & { cpuPerRequest: number })[] = [];
    const plain: (LoadResult & { cpuPerRequest: number })[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      api.push(await run(stack.baseUrl, stack.api.pid!));
      plain.push(await run(bare.baseUrl, bare.pid));
    }
    const apiRps = median(api.map((r) => r.rps));
    const bareRps = median(plain.map((r) => r.rps));
    const ratio = apiRps / bareRps;
    const errors = api.reduce((n, r) => n + r.errors, 0);
    ok &&= ratio >= MIN_RATIO && errors === 0;
    rows[`GET ${path}`] = {
      'API rps': apiRps.toFixed(0),
      'bare rps': bareRps.toFixed(0),
      ratio: ratio.toFixed(2),
      'API CPU/answer': ms(median(api.map((r) => r.cpuPerRequest))),
      'bare CPU/answer': ms(median(plain.map((r) => r.cpuPerRequest))),
      'API p99': ms(median(api.map((r) => r.p99))),
      'bare p99': ms(median(plain.map((r) => r.p99))),
      bar: `>= ${MIN_RATIO}: ${ratio >= MIN_RATIO && errors === 0 ? 'PASS' : 'FAIL'}`,
    };
  }

  // Memory under 50 connections: the catalogue, a product, and health.
  const mixed = [
    '/api/products',
    '/api/products/Bodybutter',
    '/api/products/Hamper',
    '/api/health',
  ];
  const busy = await load(stack.baseUrl, {
    connections: 50,
    durationMs: SECONDS * 2000,
    next: (i) => ({ method: 'GET', path: mixed[i % mixed.length]! }),
  });
  const peak = peakMemoryMb(stack.api.pid!);
  const memoryOk = peak <= MAX_RSS_MB && busy.errors === 0;
  ok &&= memoryOk;

  console.log(
    `\nAPI overhead against a bare Express 5 app answering the same bytes (${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s, built API on ${stack.db.kind})`,
  );
  console.table(rows);
  console.log(
    `API peak resident set after 50 connections for ${SECONDS * 2} s (${busy.requests} requests, ${busy.errors} errors): ${peak.toFixed(0)} MB (at most ${MAX_RSS_MB} MB): ${memoryOk ? 'PASS' : 'FAIL'}`,
  );
  process.exitCode = ok ? 0 : 1;
} finally {
  await bare.stop();
  await stack.stop();
}
