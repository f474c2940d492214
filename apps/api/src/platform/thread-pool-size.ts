import os from 'node:os';

/**
 * libuv's thread pool runs bcrypt (every login, sign-up and password change), file reads, DNS
 * lookups and zlib. Node starts it with 4 threads on first use, so this must run before anything
 * touches it: index.ts imports this module first. UV_THREADPOOL_SIZE set in the environment wins.
 */
export const THREAD_POOL_SIZE = Math.max(4, os.availableParallelism());
process.env.UV_THREADPOOL_SIZE ??= String(THREAD_POOL_SIZE);
