import { readdirSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import os from 'node:os';

/** How many nice steps the process's helper threads run below the main thread. */
export const HELPER_THREAD_NICE = 5;

/** The nice value `steps` below the main thread's (Linux's lowest is 19). */
export function niceBelowMain(steps: number): number {
  return Math.min(19, os.getPriority(process.pid) + steps);
}

/**
 * Lowers the priority of every thread of this process that runs at the main thread's, other than
 * the main thread itself: V8's helpers (its garbage collectors' and compilers' background work, for
 * every thread's heap) and libuv's pool (file reads, compression, DNS). On Linux the nice value
 * belongs to the thread, so the main thread, which answers every shopper, keeps its own. Threads
 * already lowered (the password routes' thread, its hashing threads) are left as they are.
 *
 * Why: during login bursts both cores are busy, and a thread at the main thread's priority that is
 * running when the main thread wakes keeps the core for its slice (up to a scheduler tick, 4 ms
 * here), and one further down gives way sooner. A scheduler trace (`perf sched`) of
 * bench:login put these helpers, at the main thread's priority, on a core in about a quarter of the
 * main thread's waits over 1 ms, although they used under 2% of the cores.
 *
 * libuv starts its pool at its first task, so one is queued first: a pool started later would
 * inherit the main thread's priority. Threads that start later (an image library's own, say) keep
 * the priority of the thread that starts them. Returns how many threads were lowered; 0 where the
 * platform has no per-thread priorities or refuses.
 */
export async function lowerHelperThreads(steps = HELPER_THREAD_NICE): Promise<number> {
  await stat(process.execPath).catch(() => undefined);
  let main: number;
  let tids: number[];
  try {
    main = os.getPriority(process.pid);
    tids = readdirSync('/proc/self/task').map(Number);
  } catch {
    return 0;
  }
  const nice = niceBelowMain(steps);
  let lowered = 0;
  for (const tid of tids) {
    if (tid === process.pid) continue;
    try {
      if (os.getPriority(tid) !== main) continue;
      os.setPriority(tid, nice);
      lowered += 1;
    } catch {
      // Gone meanwhile, or not permitted: it keeps its priority.
    }
  }
  return lowered;
}
