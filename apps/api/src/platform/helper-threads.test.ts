import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { niceOf, threadNices } from '../testing/proc-stat';
import { HELPER_THREAD_NICE, lowerHelperThreads } from './helper-threads';

// A thread that lowers itself seven steps as it starts, as the password routes' thread lowers
// itself five: lowerHelperThreads must leave it where it is.
const selfLowered = new Worker(
  `const os = require('node:os');
   os.setPriority(Math.min(19, os.getPriority(process.pid) + 7));
   require('node:worker_threads').parentPort.postMessage('ready');
   setInterval(() => {}, 1000);`,
  { eval: true },
);

afterAll(async () => {
  await selfLowered.terminate();
});

describe('lowerHelperThreads', () => {
  it('lowers every thread at the main thread’s priority but the main thread, and leaves the others', async () => {
    await once(selfLowered, 'message');
    const main = niceOf('self', process.pid);
    expect(main).toBeLessThan(12);
    const before = threadNices('self').map((nice) => nice - main);
    // V8's and libuv's helpers start at the main thread's priority.
    expect(before.filter((step) => step === 0).length).toBeGreaterThan(1);

    const lowered = await lowerHelperThreads();
    // Work for libuv's pool after the change starts no thread at the main thread's priority.
    await readFile(new URL(import.meta.url));

    const after = threadNices('self').map((nice) => nice - main);
    expect(niceOf('self', process.pid)).toBe(main);
    expect(after.filter((step) => step === 0)).toHaveLength(1);
    expect(lowered).toBeGreaterThanOrEqual(before.filter((step) => step === 0).length - 1);
    expect(after.filter((step) => step === 7)).toHaveLength(1);
    expect(after.every((step) => step === 0 || step === HELPER_THREAD_NICE || step === 7)).toBe(
      true,
    );
  });
});
