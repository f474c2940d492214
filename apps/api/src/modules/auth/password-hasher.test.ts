import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { createPasswordHasher } from './password-hasher';

/** A thread's nice value (Linux: /proc/self/task/<tid>/stat, field 19). */
function niceOf(tid: string | number): number {
  const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

describe('password hasher', () => {
  const hasher = createPasswordHasher({ cost: 4, threads: 2 });
  afterAll(() => hasher.close());

  it('hashes in bcrypt form and compares right and wrong passwords', async () => {
    const hash = await hasher.hash('Kokum#Butter1');
    expect(hash).toMatch(/^\$2[ab]\$04\$[./A-Za-z0-9]{53}$/);
    expect(await hasher.compare('Kokum#Butter1', hash)).toBe(true);
    expect(await hasher.compare('Kokum#Butter2', hash)).toBe(false);
  });

  it('hashes on threads at a low priority, never on the thread that answers requests', async () => {
    await Promise.all([hasher.hash('one'), hasher.hash('two'), hasher.dummyHash]);
    // The process's main thread has the process id as its thread id.
    const main = niceOf(process.pid);
    const low = readdirSync('/proc/self/task').filter(
      (tid) => niceOf(tid) === Math.min(19, main + 10),
    );
    expect(main, 'the main thread keeps its priority').toBeLessThan(19);
    expect(low.length).toBeGreaterThanOrEqual(1);
  });
});
