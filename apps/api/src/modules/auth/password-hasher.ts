import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { processCores } from '../../platform/cores';
import { firstExisting } from '../../platform/paths';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  compare(password: string, hash: string): Promise<boolean>;
  /**
   * A hash of a random password at the configured cost: compared against when an account does not
   * exist, so timing reveals nothing.
   */
  readonly dummyHash: Promise<string>;
  /** How many hashes run at once (the pool's threads); the routes admit password work to match. */
  readonly threads: number;
  /** Which bcrypt the pool runs: the native one, or bcryptjs where its binary does not load. */
  implementation(): Promise<'bcrypt' | 'bcryptjs'>;
  close(): Promise<void>;
}

/** The worker sits next to this file in the source tree and next to index.js in the build. */
function workerFile(): string {
  return fileURLToPath(
    firstExisting(
      [
        new URL('./password-worker.mjs', import.meta.url),
        new URL('./modules/auth/password-worker.mjs', import.meta.url),
      ],
      'password-worker.mjs',
    ),
  );
}

/**
 * bcrypt (native where its prebuilt binary loads, else bcryptjs) in a pool of worker threads as
 * wide as the machine, each at a low CPU priority (password-worker.mjs sets its own thread's nice
 * value ten steps above that of the thread that started the pool). A burst of logins then uses
 * every core the shop is not using, while the threads that answer requests preempt the hashing
 * whenever they have work, and logins finish as fast as the idle cores allow. Logins beyond the
 * pool wait in its queue (first come, first served), never on the event loop. In the running API
 * the pool belongs to the password routes' own thread (password-worker-app.ts).
 */
export function createPasswordHasher(options: {
  cost: number;
  threads?: number;
  /** Told which bcrypt the pool runs when it first starts (for the log). */
  onStart?: (implementation: 'bcrypt' | 'bcryptjs') => void;
}): PasswordHasher {
  // As many as the process's cores, all of them: where the main thread has a core of its own
  // (platform/cores.ts), the thread starting the pool may use fewer, but hashing may use every one.
  const cores = processCores()?.length ?? os.availableParallelism();
  const threads = options.threads ?? Math.max(1, Math.min(4, cores));
  // No thread until the first password, and none a minute after the last: hashing threads hold
  // memory (a V8 heap and bcrypt each) only while someone signs in.
  let started: Piscina | undefined;
  const pool = () => {
    if (!started) {
      started = new Piscina({
        filename: workerFile(),
        minThreads: 0,
        maxThreads: threads,
        idleTimeout: 60_000,
      });
      void (started.run({ op: 'implementation' }) as Promise<'bcrypt' | 'bcryptjs'>).then(
        (implementation) => options.onStart?.(implementation),
        () => undefined,
      );
    }
    return started;
  };
  const hash = (password: string) =>
    pool().run({ op: 'hash', password, cost: options.cost }) as Promise<string>;
  let dummy: Promise<string> | undefined;
  return {
    threads,
    hash,
    compare: (password, h) => pool().run({ op: 'compare', password, hash: h }) as Promise<boolean>,
    implementation: () => pool().run({ op: 'implementation' }) as Promise<'bcrypt' | 'bcryptjs'>,
    get dummyHash() {
      dummy ??= hash(`dummy-${Math.random()}`);
      return dummy;
    },
    close: async () => {
      await started?.destroy();
    },
  };
}
