import { randomBytes } from 'node:crypto';
import bcrypt from 'bcrypt';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  compare(password: string, hash: string): Promise<boolean>;
  /**
   * A hash of a random password at the configured cost: compared against when an account does not
   * exist, so that a login takes as long for an unknown address as for a known one.
   */
  readonly dummyHash: Promise<string>;
}

/** bcrypt, the native package: its async calls run on libuv's thread pool, off the request thread. */
export function createPasswordHasher(options: { cost: number }): PasswordHasher {
  let dummy: Promise<string> | undefined;
  return {
    hash: (password) => bcrypt.hash(password, options.cost),
    compare: (password, hash) => bcrypt.compare(password, hash),
    get dummyHash(): Promise<string> {
      return (dummy ??= bcrypt.hash(randomBytes(16).toString('hex'), options.cost));
    },
  };
}
