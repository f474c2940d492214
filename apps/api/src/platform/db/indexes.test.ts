import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectDatabase } from './connect';
import { buildIndexes, missingIndexes } from './indexes';
// Every model of the shop, as the API and the deploy step load them.
import '../../app';
import '../../services';

describe('indexes built by a deploy step (production never builds them at start)', () => {
  beforeAll(async () => {
    await connectDatabase(inject('mongoUri'), {
      dbName: `indexes_${Date.now()}`,
      autoIndex: false,
    });
  });
  afterAll(async () => {
    await mongoose.connection.dropDatabase();
    await mongoose.disconnect();
  });

  it('names every missing index of a new database, and none once the step has run', async () => {
    const before = await missingIndexes();
    // The rules the unique indexes carry are among them.
    expect(before).toEqual(
      expect.arrayContaining(['orders: {"userId":1,"idempotencyKey":1}', 'users: {"email":1}']),
    );
    const collections = await buildIndexes();
    expect(collections.length).toBeGreaterThan(20);
    expect(await missingIndexes()).toEqual([]);
    // Run again (every deploy does), it changes nothing.
    await buildIndexes();
    expect(await missingIndexes()).toEqual([]);
  });
});
