import type { Lease } from '../platform/db/lease';
import type { Logger } from '../platform/logger';

/** How often the lease of the jobs is renewed; it lapses after three missed renewals. */
export const LEASE_RENEW_MS = 10_000;

export interface JobDefinition {
  name: string;
  everyMs: number;
  /** One run; what it answers is logged when it did something. */
  run(): Promise<unknown>;
}

export interface Jobs {
  /** Tests run jobs by hand with runNow instead. */
  start(): void;
  /** Waits for runs still under way. */
  stop(): Promise<void>;
  /** Joins a run under way. */
  runNow(name: string): Promise<unknown>;
}

/**
 * The background work of the API in one place: reconciliation of payments and the sweep of expired
 * records. With several API processes on one database, only the holder of `lease` runs them (it
 * renews the lease; another process takes over when it lapses). A job never runs twice at once in
 * one process: a tick that finds its previous run still going is skipped.
 */
export function createJobs(
  definitions: JobDefinition[],
  logger: Logger,
  { lease, renewEveryMs = LEASE_RENEW_MS }: { lease?: Lease; renewEveryMs?: number } = {},
): Jobs {
  const timers: NodeJS.Timeout[] = [];
  const running = new Map<string, Promise<unknown>>();
  let holding = !lease;
  const renew = async () => {
    if (!lease) return;
    const held = await lease.hold().catch((err: unknown) => {
      logger.warn({ err }, 'jobs lease not renewed');
      return false;
    });
    if (held !== holding) logger.info({ holder: lease.holder, held }, 'jobs lease changed hands');
    holding = held;
  };

  const runNow = (name: string): Promise<unknown> => {
    const job = definitions.find((d) => d.name === name);
    if (!job) return Promise.reject(new Error(`No job named ${name}`));
    const under = running.get(name);
    if (under) return under;
    const run = job.run().finally(() => running.delete(name));
    running.set(name, run);
    return run;
  };

  return {
    start() {
      if (lease) {
        void renew();
        const timer = setInterval(() => void renew(), renewEveryMs);
        timer.unref();
        timers.push(timer);
      }
      for (const job of definitions) {
        const timer = setInterval(() => {
          if (!holding || running.has(job.name)) return;
          runNow(job.name).then(
            (result) => logger.debug({ job: job.name, result }, 'job done'),
            (err: unknown) => logger.warn({ err, job: job.name }, 'job failed'),
          );
        }, job.everyMs);
        timer.unref();
        timers.push(timer);
      }
    },
    async stop() {
      for (const timer of timers.splice(0)) clearInterval(timer);
      await Promise.allSettled([...running.values()]);
      if (lease && holding) await lease.release().catch(() => undefined);
      holding = !lease;
    },
    runNow,
  };
}
