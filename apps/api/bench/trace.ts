import { median } from './harness';

/**
 * Where the slowest catalogue answers of a run spent their time (bench:login with BENCH_TRACE=1):
 * each request's sending and the arrival of its answer in the client (harness `paced`), matched
 * with when the API read it and when it handed over the answer (catalogue-trace.mjs), all on the
 * machine's monotonic clock, in microseconds.
 */
export interface SlowestSplit {
  /** How many requests make up the slowest share, and how many requests were matched in all. */
  count: number;
  matched: number;
  /**
   * Medians over the slowest, in milliseconds: the whole, before the API read the request, in the
   * API, after its answer.
   */
  total: number;
  before: number;
  inside: number;
  after: number;
  /** How many of the slowest spent most of their time in each part. */
  mostly: { before: number; inside: number; after: number };
  /**
   * Medians over the slowest, in milliseconds, where the API noted its main thread's schedstat:
   * since the catalogue request before, how long that thread ran and how long it waited for a core.
   */
  thread?: { ran: number; waited: number };
}

/**
 * The API's side of a request: read, answered, and (Linux) its main thread's run and wait so far.
 */
export type ApiRecord = [number, number, number?, number?];

/** The API's record of a request: the first it read at or after the client sent it. */
function matcher(api: ApiRecord[]) {
  const sorted = [...api].sort((a, b) => a[0] - b[0]);
  return (sent: number, received: number): [ApiRecord, ApiRecord | undefined] | undefined => {
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (sorted[mid]![0] < sent) low = mid + 1;
      else high = mid;
    }
    const found = sorted[low];
    return found && found[0] <= received ? [found, sorted[low - 1]] : undefined;
  };
}

export function slowestSplit(
  client: [number, number][],
  api: ApiRecord[],
  share = 0.01,
): SlowestSplit {
  const inApi = matcher(api);
  const parts = client.flatMap(([sent, received]) => {
    const found = inApi(sent, received);
    if (!found) return [];
    const [[arrived, answered, ran, waited], previous] = found;
    // The API notes its answer once handed to the socket; the client may have read it already.
    const after = Math.max(0, received - answered);
    const thread =
      ran !== undefined && waited !== undefined && previous?.[2] !== undefined
        ? { ran: ran - previous[2], waited: waited - (previous[3] ?? 0) }
        : undefined;
    const total = received - sent;
    return [
      { total, before: arrived - sent, inside: total - (arrived - sent) - after, after, thread },
    ];
  });
  const slowest = parts
    .sort((a, b) => b.total - a.total)
    .slice(0, Math.max(1, Math.round(parts.length * share)));
  const mostly = { before: 0, inside: 0, after: 0 };
  for (const part of slowest) {
    const largest = (['before', 'inside', 'after'] as const).reduce((a, b) =>
      part[b] > part[a] ? b : a,
    );
    mostly[largest] += 1;
  }
  const ms = (key: 'total' | 'before' | 'inside' | 'after') =>
    median(slowest.map((p) => p[key])) / 1000;
  const traced = slowest.flatMap((p) => (p.thread ? [p.thread] : []));
  return {
    ...(traced.length > 0 && {
      thread: {
        ran: median(traced.map((t) => t.ran)) / 1000,
        waited: median(traced.map((t) => t.waited)) / 1000,
      },
    }),
    count: slowest.length,
    matched: parts.length,
    total: ms('total'),
    before: ms('before'),
    inside: ms('inside'),
    after: ms('after'),
    mostly,
  };
}
