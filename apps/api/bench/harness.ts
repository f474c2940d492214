// Shared pieces of the API benchmarks: the embedded database, the BUILT API as a child process
// (what runs in production), and a closed-loop HTTP load generator with microsecond timing.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmbeddedServer } from '../src/platform/db/embedded-server';
import type { EmbeddedServer } from '../src/platform/db/embedded-server';
import { findRepoRoot } from '../src/platform/paths';
import { cpuMsOf } from '../src/testing/proc-stat';

export interface Stack {
  db: EmbeddedServer;
  api: ChildProcess;
  baseUrl: string;
  /** The event-loop delay since the last call (started with `loopDelay`). */
  loopDelay(): Promise<LoopDelay>;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The Node flags of `pnpm start` (apps/api/package.json), so the benchmarks run what production runs. */
function productionFlags(root: string): string[] {
  const manifest = JSON.parse(readFileSync(path.join(root, 'apps/api/package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  return manifest.scripts.start.split(' ').filter((word) => word.startsWith('--'));
}

// SIGTERM and SIGINT end a benchmark through `process.exit`, so its 'exit' handlers run (the API's
// below, the embedded database's): the signals' default would skip them.
process.once('SIGTERM', () => process.exit(143));
process.once('SIGINT', () => process.exit(130));

/** The API's event-loop delay since the last call (ms), from bench/loop-delay.mjs in the API. */
export interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
}

/**
 * Starts the embedded database and the built API on it. With `loopDelay`, the API carries Node's
 * event-loop delay histogram (bench/loop-delay.mjs) and `stack.loopDelay()` reads it.
 */
export async function startStack(
  env: Record<string, string> = {},
  { loopDelay = false }: { loopDelay?: boolean } = {},
): Promise<Stack> {
  const root = findRepoRoot();
  const entry = path.join(root, 'apps/api/dist/index.js');
  if (!existsSync(entry))
    throw new Error('Build the API first: pnpm build (apps/api/dist/index.js is missing)');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vanya-bench-'));
  const db = await startEmbeddedServer({ dataDir: path.join(dataDir, 'db'), repoRoot: root });
  const profile = process.env.BENCH_CPU_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`]
    : [];
  const imports = loopDelay
    ? ['--import', fileURLToPath(new URL('./loop-delay.mjs', import.meta.url))]
    : [];
  const port = await freePort();
  const api = spawn(process.execPath, [...productionFlags(root), ...profile, ...imports, entry], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      MONGODB_URI: db.uri,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      LOG_PRETTY: 'false',
      // Thousands of orders, each holding its units until paid: the benchmarks measure placing
      // them, not running out.
      STOCK_INITIAL: '1000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  // Warnings and errors of the API (LOG_LEVEL=warn) belong in the benchmark's output.
  api.stdout!.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n'))
      if (line.startsWith('{')) console.error(`[api] ${line.slice(0, 600)}`);
  });
  await new Promise<void>((resolve, reject) => {
    api.once('exit', (code) => reject(new Error(`API exited with ${code}`)));
    const poll = () =>
      http
        .get(`${baseUrl}/api/health`, (res) => {
          res.resume();
          if (res.statusCode === 200) resolve();
          else setTimeout(poll, 100);
        })
        .on('error', () => setTimeout(poll, 100));
    poll();
  });
  // A benchmark stopped from outside takes its API with it, which would otherwise run on, orphaned,
  // beside the next benchmark, and takes its data folder too (the database's own handler, registered
  // first, has already sent the database SIGKILL).
  const killApi = () => {
    api.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('exit', killApi);
  const delays: ((figures: LoopDelay) => void)[] = [];
  api.stdout!.on('data', (chunk: Buffer) => {
    const match = /LOOP_DELAY (\{.*\})/.exec(chunk.toString());
    if (match) delays.shift()?.(JSON.parse(match[1]!) as LoopDelay);
  });
  return {
    db,
    api,
    baseUrl,
    loopDelay() {
      const figures = new Promise<LoopDelay>((resolve) => delays.push(resolve));
      api.kill('SIGUSR2');
      return figures;
    },
    async stop() {
      process.removeListener('exit', killApi);
      api.kill('SIGTERM');
      await new Promise((r) => api.once('exit', r));
      await db.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The CPU time (user and system, in ms) a process's main thread has used so far, read from /proc
 * on Linux (undefined elsewhere): the thread that answers requests, without libuv's pool (bcrypt).
 */
export function mainThreadCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    return cpuMsOf(pid, pid);
  } catch {
    return undefined;
  }
}

export interface LoadResult {
  requests: number;
  errors: number;
  statuses: Record<number, number>;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  /** Every latency of the run, sorted (milliseconds). */
  latencies: number[];
}

export interface RequestSpec {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** The figures of a run: its latencies sorted in place, their median, p99 and maximum. */
export function summarize(
  latencies: number[],
  errors: number,
  statuses: Record<number, number>,
  rps: number,
): LoadResult {
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    requests: latencies.length,
    errors,
    statuses,
    rps,
    p50: at(0.5),
    p99: at(0.99),
    max: latencies[latencies.length - 1] ?? 0,
    latencies,
  };
}

/**
 * Several runs of the same kind as one: their latencies together (the percentiles of the whole),
 * their requests, errors and statuses added up, and their mean rate.
 */
export function pooled<T extends LoadResult>(runs: T[]): LoadResult {
  const statuses: Record<number, number> = {};
  for (const run of runs)
    for (const [status, count] of Object.entries(run.statuses))
      statuses[Number(status)] = (statuses[Number(status)] ?? 0) + count;
  return summarize(
    runs.flatMap((run) => run.latencies),
    runs.reduce((sum, run) => sum + run.errors, 0),
    statuses,
    runs.reduce((sum, run) => sum + run.rps, 0) / Math.max(1, runs.length),
  );
}

/**
 * The client's connections, kept alive. An idle one is dropped after 4 s, before the API's own
 * keep-alive timeout (Node's default, 5 s) closes it: Node's agent keeps an idle socket forever
 * unless given a timeout (the server's `Keep-Alive: timeout` hint only shortens one), and a request
 * sent on a socket the server is closing fails with ECONNRESET, a race of the client's own making.
 */
const keptAlive = (maxSockets: number) =>
  new http.Agent({ keepAlive: true, maxSockets, timeout: 4000 });

/** Why requests failed to get an answer (error codes, counted), to show beside a run's errors. */
export const connectionFailures: Record<string, number> = {};

/** One request; resolves with its status (0 when the connection failed). */
function sendOnce(url: URL, agent: http.Agent, spec: RequestSpec): Promise<number> {
  return new Promise<number>((resolve) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: spec.method,
        path: spec.path,
        agent,
        headers: {
          ...(spec.body
            ? {
                'Content-Type': 'application/json',
                'Content-Length': Buffer.byteLength(spec.body),
              }
            : {}),
          ...spec.headers,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => {
      const code = err.code ?? err.message;
      connectionFailures[code] = (connectionFailures[code] ?? 0) + 1;
      resolve(0);
    });
    if (spec.body) req.write(spec.body);
    req.end();
  });
}

/** One request on a connection of its own: its latency in ms and its status (0: no answer). */
export async function timed(
  baseUrl: string,
  spec: RequestSpec,
): Promise<{ ms: number; status: number }> {
  const agent = new http.Agent({ keepAlive: false });
  const t0 = performance.now();
  const status = await sendOnce(new URL(baseUrl), agent, spec);
  const elapsed = performance.now() - t0;
  agent.destroy();
  return { ms: elapsed, status };
}

/**
 * `connections` loops, each sending the next request as soon as the previous answer arrived, for
 * `durationMs`. Latencies in milliseconds with microsecond resolution.
 */
export async function load(
  baseUrl: string,
  options: { connections: number; durationMs: number; next: (i: number) => RequestSpec },
): Promise<LoadResult> {
  const url = new URL(baseUrl);
  const agent = keptAlive(options.connections);
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  let errors = 0;
  let counter = 0;
  let completedInWindow = 0;
  const started = performance.now();
  const deadline = started + options.durationMs;

  const send = (spec: RequestSpec) => sendOnce(url, agent, spec);

  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (performance.now() < deadline) {
        const spec = options.next(counter++);
        const t0 = performance.now();
        const status = await send(spec);
        latencies.push(performance.now() - t0);
        if (performance.now() <= deadline) completedInWindow += 1;
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status === 0 || status >= 500) errors += 1;
      }
    }),
  );
  agent.destroy();
  // Throughput counts what completed inside the window (requests still in flight at its end
  // would otherwise stretch the divisor).
  const elapsed = options.durationMs / 1000;
  return summarize(latencies, errors, statuses, completedInWindow / elapsed);
}

export interface BurstResult extends LoadResult {
  /** How many bursts ran (each `size` requests sent at the same moment). */
  rounds: number;
}

/**
 * Bursts: `size` requests sent at the same moment, the next burst as soon as the whole previous
 * one is answered, until `durationMs` has passed (at least one burst). Latencies of every request.
 */
export async function bursts(
  baseUrl: string,
  options: { size: number; durationMs: number; next: (i: number) => RequestSpec },
): Promise<BurstResult> {
  const url = new URL(baseUrl);
  const agent = keptAlive(options.size);
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  let errors = 0;
  let rounds = 0;
  const started = performance.now();
  const deadline = started + options.durationMs;
  do {
    const first = rounds * options.size;
    rounds += 1;
    await Promise.all(
      Array.from({ length: options.size }, async (_, i) => {
        const t0 = performance.now();
        const status = await sendOnce(url, agent, options.next(first + i));
        latencies.push(performance.now() - t0);
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status === 0 || status >= 500) errors += 1;
      }),
    );
  } while (performance.now() < deadline);
  agent.destroy();
  const elapsed = (performance.now() - started) / 1000;
  return { rounds, ...summarize(latencies, errors, statuses, latencies.length / elapsed) };
}

/** The middle value (the upper of the two middle ones for an even count; 0 for none). */
export const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;

export const ms = (n: number) => `${n.toFixed(2)} ms`;
