import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createPasswordHasher } from '../modules/auth/password-hasher';
import {
  ALL_CORES_ENV,
  MAIN_CORE_ENV,
  allowedCpus,
  coreSplit,
  leaveMainCore,
  parseCpuList,
  reserveMainCore,
} from './cores';

/** Each thread of a process: its id and the cores it may run on. */
function threadCores(pid: number): Map<number, string> {
  const cores = new Map<number, string>();
  for (const tid of readdirSync(`/proc/${pid}/task`).map(Number)) {
    const status = readFileSync(`/proc/${pid}/task/${tid}/status`, 'utf8');
    cores.set(tid, parseCpuList(/^Cpus_allowed_list:\s*(\S+)$/m.exec(status)![1]!).join(','));
  }
  return cores;
}

const cpus = allowedCpus()!;
/** The same, as the kernel writes it ("0-1"). */
const kernelList = /^Cpus_allowed_list:\s*(\S+)$/m.exec(
  readFileSync('/proc/thread-self/status', 'utf8'),
)![1]!;
const list = (values: number[]) => values.join(',');
const children: ReturnType<typeof spawn>[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

/** A Node process with its helper threads and, with `script`, more of its own. */
async function nodeProcess(script: string, env: NodeJS.ProcessEnv = {}) {
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const said = await Promise.race([
    once(child.stdout!, 'data').then(([line]) => (line as Buffer).toString().trim()),
    once(child, 'exit').then(([code]) => `exited (${String(code)})`),
  ]);
  return { child, said };
}

describe('parseCpuList', () => {
  it('reads the kernel’s lists of cores', () => {
    expect(parseCpuList('0-2,5\n')).toEqual([0, 1, 2, 5]);
    expect(parseCpuList('3')).toEqual([3]);
    expect(parseCpuList('4,0-1')).toEqual([0, 1, 4]);
  });

  it('refuses what is not one', () => {
    expect(() => parseCpuList('a')).toThrow('not a CPU list: a');
    expect(() => parseCpuList('3-1')).toThrow('not a CPU list: 3-1');
  });
});

describe('coreSplit', () => {
  it('keeps the last core for the main thread and tells later threads every core', () => {
    const env: NodeJS.ProcessEnv = {};
    expect(coreSplit({ env, cpus: [0, 1, 2, 3] })).toEqual({
      main: 3,
      others: [0, 1, 2],
      all: [0, 1, 2, 3],
    });
    expect(env[ALL_CORES_ENV]).toBe('0,1,2,3');
  });

  it('pins nothing on one core, or when told the main thread shares', () => {
    const env: NodeJS.ProcessEnv = { [ALL_CORES_ENV]: '0,1', [MAIN_CORE_ENV]: '1' };
    expect(coreSplit({ env, cpus: [2] })).toBeUndefined();
    expect(coreSplit({ env, mainCore: 'shared', cpus: [0, 1] })).toBeUndefined();
    expect(env[ALL_CORES_ENV]).toBeUndefined();
    expect(env[MAIN_CORE_ENV]).toBeUndefined();
  });

  it('sizes the hashing pool by every core of the process, not the fewer its starting thread has', () => {
    const saved = process.env[ALL_CORES_ENV];
    process.env[ALL_CORES_ENV] = '0-2';
    try {
      expect(createPasswordHasher({ cost: 4 }).threads).toBe(3);
    } finally {
      if (saved === undefined) delete process.env[ALL_CORES_ENV];
      else process.env[ALL_CORES_ENV] = saved;
    }
  });
});

// These need a machine with two cores or more, as CI's and the shop's are.
describe('on this machine', () => {
  it('has at least two cores to share', () => {
    expect(cpus.length).toBeGreaterThanOrEqual(2);
  });

  it('gives a process’s main thread its own core, and every other thread the rest', async () => {
    const { child } = await nodeProcess(
      `import { Worker } from 'node:worker_threads';
       new Worker('setInterval(() => {}, 1000)', { eval: true }).on('online', () => console.log('up'));
       setInterval(() => {}, 1000);`,
    );
    const split = coreSplit({ env: {}, cpus })!;
    expect(await reserveMainCore(split, child.pid!)).toBe(true);
    const cores = threadCores(child.pid!);
    expect(cores.get(child.pid!)).toBe(String(split.main));
    cores.delete(child.pid!);
    expect(cores.size).toBeGreaterThan(4); // V8's helpers, libuv's pool, the worker
    expect(new Set(cores.values())).toEqual(new Set([list(split.others)]));
  });

  it('moves a thread started on the main thread’s core (the password routes’ thread, restarted) off it', async () => {
    const split = coreSplit({ env: {}, cpus })!;
    const { child } = await nodeProcess(`console.log('up'); setInterval(() => {}, 1000);`);
    expect(await reserveMainCore(split, child.pid!)).toBe(true);
    expect(threadCores(child.pid!).get(child.pid!)).toBe(String(split.main));
    const env = { [ALL_CORES_ENV]: cpus.join(','), [MAIN_CORE_ENV]: String(split.main) };
    expect(await leaveMainCore(env, child.pid!)).toBe(true);
    expect(threadCores(child.pid!).get(child.pid!)).toBe(list(split.others));
    expect(await leaveMainCore({}, child.pid!)).toBe(false);
  });

  it('lets a hashing thread, started from a thread kept off the main thread’s core, use every core', async () => {
    const worker = new URL('../modules/auth/password-worker.mjs', import.meta.url).href;
    const split = coreSplit({ env: {}, cpus })!;
    // The process starts on the other cores only, as the password routes' thread runs; the
    // hashing thread it starts inherits them, then widens itself to every core as it loads, and
    // says where it may run once loaded.
    const hashing = `import(${JSON.stringify(worker)}).then(() => {
      const status = require('node:fs').readFileSync('/proc/thread-self/status', 'utf8');
      const cores = /^Cpus_allowed_list:\\s*(\\S+)$/m.exec(status)[1];
      require('node:worker_threads').parentPort.postMessage(cores);
    });`;
    const { child, said } = await nodeProcess(
      `import { spawnSync } from 'node:child_process';
       import { Worker } from 'node:worker_threads';
       spawnSync('taskset', ['-a', '-p', '-c', '${split.others.join(',')}', String(process.pid)]);
       new Worker(${JSON.stringify(hashing)}, { eval: true, execArgv: [] })
         .once('message', (cores) => console.log(cores))
         .once('error', (error) => console.log(String(error)));`,
      { [ALL_CORES_ENV]: cpus.join(',') },
    );
    expect(said).toBe(kernelList);
    expect(threadCores(child.pid!).get(child.pid!)).toBe(list(split.others));
  });
});
