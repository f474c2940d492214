import { mongo } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { isTransientDbError, withDbRetry } from './retry';

const locked = () =>
  new mongo.MongoServerError({ message: 'database is locked (5) (SQLITE_BUSY)', code: 1 });

describe('database retries', () => {
  it('knows a locked SQLite file, a dropped connection and a write conflict for transient', () => {
    expect(isTransientDbError(locked())).toBe(true);
    expect(
      isTransientDbError(new mongo.MongoNetworkError('connection 3 to 127.0.0.1:27017 closed')),
    ).toBe(true);
    expect(
      isTransientDbError(new mongo.MongoServerError({ message: 'WriteConflict', code: 112 })),
    ).toBe(true);
  });

  it('leaves a database that is down to the quick 503 rather than waiting for it', () => {
    const down = Object.assign(new Error('Server selection timed out after 1000 ms'), {
      name: 'MongoServerSelectionError',
    });
    expect(isTransientDbError(down)).toBe(false);
  });

  it('knows a duplicate key or a validation failure is not worth repeating', () => {
    expect(
      isTransientDbError(
        new mongo.MongoServerError({ message: 'E11000 duplicate key', code: 11000 }),
      ),
    ).toBe(false);
    expect(isTransientDbError(new Error('Order validation failed'))).toBe(false);
    expect(isTransientDbError(undefined)).toBe(false);
  });

  it('repeats a write the database refused while locked until it goes through', async () => {
    let calls = 0;
    const retried: number[] = [];
    const result = await withDbRetry(
      async () => {
        calls += 1;
        if (calls < 3) throw locked();
        return 'written';
      },
      { baseDelayMs: 1, onRetry: (_err, attempt) => retried.push(attempt) },
    );
    expect(result).toBe('written');
    expect(calls).toBe(3);
    expect(retried).toEqual([1, 2]);
  });

  it('gives up after its attempts and throws the last transient error', async () => {
    let calls = 0;
    const attempt = withDbRetry(
      async () => {
        calls += 1;
        throw locked();
      },
      { attempts: 4, baseDelayMs: 1 },
    );
    await expect(attempt).rejects.toThrow(/database is locked/);
    expect(calls).toBe(4);
  });

  it('throws any other error at once', async () => {
    let calls = 0;
    await expect(
      withDbRetry(async () => {
        calls += 1;
        throw new Error('Order validation failed');
      }),
    ).rejects.toThrow('Order validation failed');
    expect(calls).toBe(1);
  });
});
