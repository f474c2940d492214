import { execFile, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';

/**
 * A core for the main thread. On a machine with two cores or more, the API's main thread, which
 * answers every shopper, runs on one core of its own (the last this process may use), and the
 * API's other threads (the password routes' thread, V8's and libuv's helpers) and the embedded
 * database on the others. The hashing threads alone may run on every core: they sit fifteen nice
 * steps down, and give the main thread its core the moment it wakes.
 *
 * Why: during login bursts (bench:login) the main thread waited for a core before its slowest
 * answers (1.2-3.0 ms, medians of runs), behind the login's own work in the password routes'
 * thread and the database, which run near its priority and keep a core for their slice once on it.
 * On a core of its own it waits behind nothing but hashing, which gives way at once.
 *
 * Linux only, through `taskset` (util-linux, in every Debian image); elsewhere, with one core, or
 * with `API_MAIN_CORE=shared`, nothing is pinned.
 */
export interface CoreSplit {
  /** The main thread's core. */
  main: number;
  /** Every other core this process may use. */
  others: number[];
  /** Every core this process may use (hashing threads). */
  all: number[];
}

/**
 * Where threads started later read the split: every core the process may use (the hashing threads,
 * password-worker.mjs, and the size of their pool), and the main thread's core (the password
 * routes' thread, which leaves it, also when it is started again after a crash).
 */
export const ALL_CORES_ENV = 'VANYA_CORES';
export const MAIN_CORE_ENV = 'VANYA_MAIN_CORE';

/** "0-2,5" -> [0, 1, 2, 5]. */
export function parseCpuList(list: string): number[] {
  const cpus = new Set<number>();
  for (const part of list.trim().split(',')) {
    if (!part) continue;
    const [from, to = from] = part.split('-').map(Number);
    if (!Number.isInteger(from) || !Number.isInteger(to) || from! > to!)
      throw new Error(`not a CPU list: ${list}`);
    for (let cpu = from!; cpu <= to!; cpu += 1) cpus.add(cpu);
  }
  return [...cpus].sort((a, b) => a - b);
}

/** The cores the calling thread may run on (Linux), or undefined elsewhere. */
export function allowedCpus(): number[] | undefined {
  try {
    const status = readFileSync('/proc/thread-self/status', 'utf8');
    const line = /^Cpus_allowed_list:\s*(\S+)$/m.exec(status);
    return line ? parseCpuList(line[1]!) : undefined;
  } catch {
    return undefined;
  }
}

let tasksetFound: boolean | undefined;
function hasTaskset(): boolean {
  tasksetFound ??= spawnSync('taskset', ['--version'], { stdio: 'ignore' }).status === 0;
  return tasksetFound;
}

/**
 * How this process's cores are to be shared, decided once, before any thread is pinned: the last
 * core for the main thread, the rest for everything else. Undefined (nothing to pin) with fewer
 * than two cores, without taskset, or with API_MAIN_CORE=shared. Threads and processes started
 * later read every core from the environment.
 */
export function coreSplit({
  mainCore = 'own',
  cpus: all = allowedCpus(),
  env = process.env,
}: {
  /** config.mainCore (API_MAIN_CORE). */
  mainCore?: 'own' | 'shared';
  cpus?: number[] | undefined;
  /** Where the split is written for threads started later. */
  env?: NodeJS.ProcessEnv;
} = {}): CoreSplit | undefined {
  delete env[ALL_CORES_ENV];
  delete env[MAIN_CORE_ENV];
  if (mainCore !== 'own') return undefined;
  if (!all || all.length < 2 || !hasTaskset()) return undefined;
  const split = { main: all[all.length - 1]!, others: all.slice(0, -1), all };
  env[ALL_CORES_ENV] = all.join(',');
  env[MAIN_CORE_ENV] = String(split.main);
  return split;
}

const run = promisify(execFile);

/**
 * Pins a thread (by its id) or, with `allThreads`, every thread of a process to `cpus`. Threads
 * they start later inherit it. Resolves false where it could not be done.
 */
export async function pin(
  id: number,
  cpus: number[],
  options: { allThreads?: boolean } = {},
): Promise<boolean> {
  try {
    await run('taskset', [
      ...(options.allThreads ? ['-a'] : []),
      '-p',
      '-c',
      cpus.join(','),
      String(id),
    ]);
    return true;
  } catch {
    return false;
  }
}

/**
 * Gives the main thread its core: every thread of the process to the other cores first (threads
 * they start inherit it), then the main thread to its own. Call once the threads that matter have
 * started (the password routes' thread, libuv's pool: see lowerHelperThreads).
 */
export async function reserveMainCore(split: CoreSplit, pid = process.pid): Promise<boolean> {
  return (await pin(pid, split.others, { allThreads: true })) && (await pin(pid, [split.main]));
}

/** Every core the process may use, as the main thread found them before pinning anything. */
export function processCores(env: NodeJS.ProcessEnv = process.env): number[] | undefined {
  const all = env[ALL_CORES_ENV];
  return all ? parseCpuList(all) : undefined;
}

/**
 * For a thread the main thread starts (the password routes' thread): off the main thread's core,
 * whose affinity it inherits when started after the main thread was pinned (a restart). Resolves
 * false where there is no split or it could not be done.
 */
export async function leaveMainCore(
  env: NodeJS.ProcessEnv = process.env,
  tid = threadId(),
): Promise<boolean> {
  const all = processCores(env);
  const main = Number(env[MAIN_CORE_ENV]);
  if (!all || tid === undefined || !Number.isInteger(main)) return false;
  return pin(
    tid,
    all.filter((cpu) => cpu !== main),
  );
}

/** The calling thread's id (Linux: the first field of /proc/thread-self/stat). */
function threadId(): number | undefined {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    return Number(stat.slice(0, stat.indexOf(' ')));
  } catch {
    return undefined;
  }
}
