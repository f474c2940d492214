// bench:login's catalogue shoppers, in a process of their own (catalogue-timer.py, Python 3 on
// Linux): an open loop of GET requests, each timed to the moment its answer reached the socket
// (the kernel's receive timestamp) and, besides, to the moment the timing process had read it.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { connectionFailures, summarize } from './harness';
import type { LoadResult } from './harness';

/** One phase of the catalogue's traffic, in both views. */
export interface TimedPhase {
  /** From each request's sending to its answer's arrival at the socket: what the bars judge. */
  socket: LoadResult;
  /** From each request's sending to the timing process having read its answer. */
  read: LoadResult;
}

/** [sent, reached the socket, read, status]: monotonic clock, microseconds; status 0 unanswered. */
type Timed = [number, number, number, number];

export async function catalogueTimer(baseUrl: string, path: string) {
  const url = new URL(baseUrl);
  const script = fileURLToPath(new URL('./catalogue-timer.py', import.meta.url));
  const child = spawn('python3', [script, url.hostname, url.port, path], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`the catalogue's timing process exited (${String(code)})`);
  });
  exited.catch(() => {}); // raced below; unobserved once the benchmark ends
  const next = async () => {
    const line = await Promise.race([lines.next(), exited]);
    if (line.done) throw new Error('the catalogue timing process closed its output');
    return line.value;
  };
  const first = await next();
  if (first !== 'ready') throw new Error(`the catalogue's timing process said ${first}`);

  return {
    /** `rps` requests a second for `durationMs`; resolves once every one is answered or failed. */
    phase: async (options: { rps: number; durationMs: number }): Promise<TimedPhase> => {
      const started = performance.now();
      child.stdin.write(`${JSON.stringify(options)}\n`);
      const report = JSON.parse(await next()) as {
        requests: Timed[];
        failures: Record<string, number>;
      };
      const elapsed = (performance.now() - started) / 1000;
      for (const [error, count] of Object.entries(report.failures))
        connectionFailures[error] = (connectionFailures[error] ?? 0) + count;
      // The statuses are the same in both views: counted once.
      const statuses: Record<number, number> = {};
      let errors = 0;
      for (const request of report.requests) {
        const status = request[3];
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status === 0 || status >= 500) errors += 1;
      }
      const view = (at: 1 | 2): LoadResult => {
        const latencies = report.requests.map((request) => (request[at] - request[0]) / 1000);
        return {
          ...summarize(latencies, errors, statuses, report.requests.length / elapsed),
          times: report.requests.map((request) => [request[0], request[at]]),
        };
      };
      return { socket: view(1), read: view(2) };
    },
    close: () => {
      child.stdin.end();
    },
  };
}
