import { describe, expect, it } from 'vitest';
import { highestSlot, slotMemory } from './slots';

/** Slots 1..count taken; counts the reads the search makes. */
function row(count: number) {
  let reads = 0;
  const taken = async (n: number) => {
    reads += 1;
    return n >= 1 && n <= count;
  };
  return { taken, reads: () => reads };
}

describe('highestSlot', () => {
  it('finds the highest taken slot for every count from 0 to 300, in about 2·log2 reads', async () => {
    for (let count = 0; count <= 300; count += 1) {
      const r = row(count);
      expect(await highestSlot(r.taken)).toBe(count);
      expect(r.reads()).toBeLessThanOrEqual(2 * Math.ceil(Math.log2(count + 2)) + 1);
    }
  });

  it('stops at the cap', async () => {
    expect(await highestSlot(row(50).taken, 8)).toBe(8);
    expect(await highestSlot(row(5).taken, 8)).toBe(5);
    expect(await highestSlot(row(0).taken, 8)).toBe(0);
  });

  it('answers in two reads from a right hint, and rightly from a stale one', async () => {
    const right = row(1000);
    expect(await highestSlot(right.taken, Number.MAX_SAFE_INTEGER, 1000)).toBe(1000);
    expect(right.reads()).toBe(2);
    expect(await highestSlot(row(1005).taken, Number.MAX_SAFE_INTEGER, 1000)).toBe(1005);
    expect(await highestSlot(row(10).taken, Number.MAX_SAFE_INTEGER, 1000)).toBe(10);
  });

  it('remembers the highest slot per row for the most recently used rows', () => {
    const memory = slotMemory(2);
    memory.set('a', 3);
    memory.raise('a', 2);
    expect(memory.get('a')).toBe(3);
    memory.raise('a', 5);
    memory.set('b', 1);
    memory.set('c', 1); // 'a' is the least recently used: forgotten
    expect([memory.get('a'), memory.get('b'), memory.get('c')]).toEqual([undefined, 1, 1]);
  });
});
