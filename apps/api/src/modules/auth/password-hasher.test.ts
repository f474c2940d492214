import { describe, expect, it } from 'vitest';
import { createPasswordHasher } from './password-hasher';

describe('password hasher', () => {
  const hasher = createPasswordHasher({ cost: 4 });

  it('hashes in bcrypt form at the configured cost and compares right and wrong passwords', async () => {
    const hash = await hasher.hash('Kokum#Butter1');
    expect(hash).toMatch(/^\$2b\$04\$[./A-Za-z0-9]{53}$/);
    expect(await hasher.compare('Kokum#Butter1', hash)).toBe(true);
    expect(await hasher.compare('Kokum#Butter2', hash)).toBe(false);
  });

  it('reads hashes written as $2a$ (accounts made with bcryptjs) as well', async () => {
    const hash = (await hasher.hash('Kokum#Butter1')).replace(/^\$2b\$/, '$2a$');
    expect(await hasher.compare('Kokum#Butter1', hash)).toBe(true);
    expect(await hasher.compare('Kokum#Butter2', hash)).toBe(false);
  });

  it('keeps one dummy hash at the same cost, which no password matches', async () => {
    const dummy = await hasher.dummyHash;
    expect(await hasher.dummyHash).toBe(dummy);
    expect(dummy).toMatch(/^\$2b\$04\$/);
    expect(await hasher.compare('Kokum#Butter1', dummy)).toBe(false);
  });
});
