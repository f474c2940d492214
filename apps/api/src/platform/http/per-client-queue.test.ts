import { describe, expect, it } from 'vitest';
import { perClientQueue } from './per-client-queue';

/** Work that runs until its test lets it end, noting how many of its client's run at once. */
function tracked() {
  const running = new Map<string, number>();
  const most = new Map<string, number>();
  const ends: (() => void)[] = [];
  const started: string[] = [];
  const work = (client: string, name: string) => () =>
    new Promise<string>((resolve) => {
      const now = (running.get(client) ?? 0) + 1;
      running.set(client, now);
      most.set(client, Math.max(most.get(client) ?? 0, now));
      started.push(name);
      ends.push(() => {
        running.set(client, running.get(client)! - 1);
        resolve(name);
      });
    });
  /** Lets the oldest running work end, and waits for what follows to start. */
  const endOldest = async () => {
    ends.shift()!();
    await new Promise((r) => setImmediate(r));
  };
  return { work, most, started, endOldest, running: () => ends.length };
}

describe('work per client address', () => {
  it('runs one at a time per address, in the order asked, while another address starts at once', async () => {
    const queue = perClientQueue(1);
    const t = tracked();
    const burst = ['a1', 'a2', 'a3', 'a4'].map((name) =>
      queue('10.0.0.1', t.work('10.0.0.1', name)),
    );
    const stranger = queue('10.0.0.2', t.work('10.0.0.2', 'b1'));
    await new Promise((r) => setImmediate(r));
    // The burst's first and the stranger run; the burst's others wait.
    expect(t.started).toEqual(['a1', 'b1']);
    expect(t.running()).toBe(2);
    await t.endOldest(); // a1
    await t.endOldest(); // b1
    expect(await stranger).toBe('b1');
    while (t.running() > 0) await t.endOldest();
    expect(await Promise.all(burst)).toEqual(['a1', 'a2', 'a3', 'a4']);
    expect(t.started).toEqual(['a1', 'b1', 'a2', 'a3', 'a4']);
    expect(t.most.get('10.0.0.1')).toBe(1);
  });

  it('lets `max` run at once per address, and a failure frees its place', async () => {
    const queue = perClientQueue(2);
    const t = tracked();
    const failing = queue('10.0.0.3', async () => {
      throw new Error('no');
    });
    const rest = ['c1', 'c2', 'c3'].map((name) => queue('10.0.0.3', t.work('10.0.0.3', name)));
    await expect(failing).rejects.toThrow('no');
    await new Promise((r) => setImmediate(r));
    expect(t.started).toEqual(['c1', 'c2']);
    while (t.running() > 0) await t.endOldest();
    expect(await Promise.all(rest)).toEqual(['c1', 'c2', 'c3']);
    expect(t.most.get('10.0.0.3')).toBe(2);
  });
});
