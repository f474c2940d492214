import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors/app-error';
import { createWorkQueue } from './image-work';

/** A task that runs until the test lets it finish. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, task: () => opened.then(() => 'done') };
}

describe('the image work queue', () => {
  it('runs one task at a time, in arrival order', async () => {
    const queue = createWorkQueue({ concurrency: 1, maxWaiting: 4 });
    const order: number[] = [];
    const gates = [gate(), gate(), gate()];
    const runs = gates.map((g, i) =>
      queue.run(async () => {
        order.push(i);
        return g.task();
      }),
    );
    await Promise.resolve();
    expect([queue.active, queue.waiting]).toEqual([1, 2]);
    gates[2]!.open();
    gates[1]!.open();
    gates[0]!.open();
    expect(await Promise.all(runs)).toEqual(['done', 'done', 'done']);
    expect(order).toEqual([0, 1, 2]);
    expect(queue.peakActive).toBe(1);
    expect([queue.active, queue.waiting]).toEqual([0, 0]);
  });

  it('refuses a task at once with 503 and Retry-After when the queue is full', async () => {
    const queue = createWorkQueue({ concurrency: 1, maxWaiting: 1 });
    const first = gate();
    const running = queue.run(first.task);
    const waiting = queue.run(async () => 'second');
    const refused = await queue.run(async () => 'third').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      status: 503,
      code: 'SERVER_BUSY',
      headers: { 'Retry-After': '5' },
    });
    first.open();
    expect(await Promise.all([running, waiting])).toEqual(['done', 'second']);
  });

  it('goes on after a task that failed', async () => {
    const queue = createWorkQueue({ concurrency: 1, maxWaiting: 2 });
    const failed = queue.run(async () => {
      throw new Error('broken image');
    });
    const next = queue.run(async () => 'next');
    await expect(failed).rejects.toThrow('broken image');
    expect(await next).toBe('next');
  });
});
