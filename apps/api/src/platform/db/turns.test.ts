import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeTurn } from './turns';

describe('takeTurn', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lets one step run per turn of the event loop, so other work gets in between steps', async () => {
    const order: string[] = [];
    const steps = [1, 2, 3].map(async (n) => {
      await takeTurn();
      order.push(`step ${n}`);
    });
    // Work that arrives as the steps wait (a request that needs no database), one turn each.
    setImmediate(() => order.push('other A'));
    setImmediate(() => setImmediate(() => order.push('other B')));
    await Promise.all(steps);
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['step 1', 'other A', 'step 2', 'other B', 'step 3']);
  });

  it('releases its waiters first come, first served', async () => {
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 10 }, async (_, n) => {
        await takeTurn();
        order.push(n);
      }),
    );
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('still turns while a test fakes the global timers', async () => {
    vi.useFakeTimers();
    let done = false;
    const step = takeTurn().then(() => {
      done = true;
    });
    await step;
    expect(done).toBe(true);
  });
});
