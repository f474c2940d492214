import bcryptjs from 'bcryptjs';
import { afterAll, describe, expect, it } from 'vitest';
import { niceOf, threadNices } from '../../testing/proc-stat';
import { createPasswordHasher } from './password-hasher';

describe('password hasher', () => {
  const hasher = createPasswordHasher({ cost: 4, threads: 2 });
  afterAll(() => hasher.close());

  it('hashes in bcrypt form and compares right and wrong passwords', async () => {
    const hash = await hasher.hash('Kokum#Butter1');
    expect(hash).toMatch(/^\$2[ab]\$04\$[./A-Za-z0-9]{53}$/);
    expect(await hasher.compare('Kokum#Butter1', hash)).toBe(true);
    expect(await hasher.compare('Kokum#Butter2', hash)).toBe(false);
  });

  it('runs the native bcrypt, and reads and writes the same hashes as bcryptjs', async () => {
    // The package ships a binary for this platform: falling back here would cost every login 1.4x.
    expect(await hasher.implementation()).toBe('bcrypt');
    // Accounts made before (bcryptjs, $2a$ and $2b$) still sign in, and the other way round.
    const before = [
      bcryptjs.hashSync('Kokum#Butter1', 4),
      bcryptjs.hashSync('Kokum#Butter1', 4).replace(/^\$2b\$/, '$2a$'),
    ];
    for (const hash of before) {
      expect(await hasher.compare('Kokum#Butter1', hash), hash).toBe(true);
      expect(await hasher.compare('Kokum#Butter2', hash), hash).toBe(false);
    }
    expect(bcryptjs.compareSync('Kokum#Butter1', await hasher.hash('Kokum#Butter1'))).toBe(true);
  });

  it('falls back to bcryptjs when told to (or when no binary loads), with the same answers', async () => {
    process.env.PASSWORD_HASH_IMPL = 'bcryptjs';
    const fallback = createPasswordHasher({ cost: 4, threads: 1 });
    try {
      expect(await fallback.implementation()).toBe('bcryptjs');
      const hash = await fallback.hash('Kokum#Butter1');
      expect(await hasher.compare('Kokum#Butter1', hash)).toBe(true);
      expect(await fallback.compare('Kokum#Butter1', await hasher.hash('Kokum#Butter1'))).toBe(
        true,
      );
    } finally {
      delete process.env.PASSWORD_HASH_IMPL;
      await fallback.close();
    }
  });

  it('hashes on threads at a low priority, never on the thread that answers requests', async () => {
    await Promise.all([hasher.hash('one'), hasher.hash('two'), hasher.dummyHash]);
    // The process's main thread has the process id as its thread id.
    const main = niceOf('self', process.pid);
    const low = threadNices('self').filter((nice) => nice === Math.min(19, main + 10));
    expect(main, 'the main thread keeps its priority').toBeLessThan(19);
    expect(low.length).toBeGreaterThanOrEqual(1);
  });
});
