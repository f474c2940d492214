import mongoose from 'mongoose';
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  inject,
  it,
  vi,
} from 'vitest';
import { connectDatabase } from '../platform/db/connect';
import { createLease } from '../platform/db/lease';
import { createLogger } from '../platform/logger';
import { loadConfig } from '../config/env';
import { createJobs } from './jobs';

const logger = createLogger(loadConfig({ NODE_ENV: 'test' }));

describe('background jobs', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs each job on its interval once started, and no more once stopped', async () => {
    let runs = 0;
    const jobs = createJobs(
      [{ name: 'count', everyMs: 1000, run: async () => (runs += 1) }],
      logger,
    );
    jobs.start();
    await vi.advanceTimersByTimeAsync(3500);
    expect(runs).toBe(3);
    await jobs.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(3);
  });

  it('never runs a job twice at once: a tick during a long run is skipped, runNow joins it', async () => {
    let started = 0;
    let release!: () => void;
    const jobs = createJobs(
      [
        {
          name: 'slow',
          everyMs: 100,
          run: () => {
            started += 1;
            return new Promise<void>((resolve) => (release = resolve));
          },
        },
      ],
      logger,
    );
    jobs.start();
    await vi.advanceTimersByTimeAsync(550);
    expect(started).toBe(1);
    const joined = jobs.runNow('slow');
    expect(started).toBe(1);
    release();
    await joined;
    await jobs.stop();
  });

  it('waits on stop for a run under way', async () => {
    let finished = false;
    const jobs = createJobs(
      [
        {
          name: 'finishing',
          everyMs: 100,
          run: async () => {
            await new Promise((r) => setTimeout(r, 1000));
            finished = true;
          },
        },
      ],
      logger,
    );
    void jobs.runNow('finishing');
    const stopped = jobs.stop();
    await vi.advanceTimersByTimeAsync(1000);
    await stopped;
    expect(finished).toBe(true);
  });
});

describe('background jobs with several API processes on one database', () => {
  beforeAll(async () => {
    await connectDatabase(inject('mongoUri'), { dbName: `jobs_${Date.now()}` });
  });
  afterAll(async () => {
    await mongoose.connection.dropDatabase();
    await mongoose.disconnect();
  });

  it('runs them in the process holding the lease only, and in another once that one stops', async () => {
    const runs = { a: 0, b: 0 };
    const processOf = (name: 'a' | 'b') =>
      createJobs([{ name: 'count', everyMs: 50, run: async () => (runs[name] += 1) }], logger, {
        lease: createLease('jobs-test', 5_000),
        renewEveryMs: 50,
      });
    const a = processOf('a');
    const b = processOf('b');
    a.start();
    b.start();
    await expect.poll(() => runs.a + runs.b, { timeout: 20_000 }).toBeGreaterThanOrEqual(6);
    const [holder, other] = runs.a > 0 ? (['a', 'b'] as const) : (['b', 'a'] as const);
    expect(runs[other]).toBe(0);

    await (holder === 'a' ? a : b).stop();
    const stoppedAt = runs[holder];
    await expect.poll(() => runs[other], { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
    expect(runs[holder]).toBe(stoppedAt);
    await (holder === 'a' ? b : a).stop();
  });
});
