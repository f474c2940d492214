import { randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import type { Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

/**
 * Single-document atomicity, as MongoDB gives it, on the server the tests run against.
 *
 * The code relies on MongoDB applying one update to one document atomically: a state change is a
 * guarded updateOne / findOneAndUpdate, a counter is $inc, a stock level is $inc with a guard. The
 * released FerretDB 1.24 reads and then writes with nothing held between, so these races broke on
 * it; scripts/build-ferretdb.sh serialises its update, findAndModify and delete. These tests fail on
 * an unpatched FerretDB (run them with TEST_MONGODB_URI pointing at one) and pass on MongoDB and on
 * our build. Each figure is counted over every round and asserted at the end, so a failure names
 * how badly the server broke rather than only the first round that did.
 */
const ROUNDS = 20;

let connection: Connection;

beforeAll(async () => {
  connection = await mongoose
    .createConnection(inject('mongoUri'), {
      dbName: `atomicity_${randomUUID().replaceAll('-', '').slice(0, 12)}`,
      maxPoolSize: 32,
    })
    .asPromise();
});

afterAll(async () => {
  await connection?.dropDatabase().catch(() => undefined);
  await connection?.close();
});

describe('single-document atomicity on the embedded server', () => {
  it('lets exactly one of 8 concurrent status-guarded updateOnes win, every round', async () => {
    const orders = connection.collection('cas_orders');
    const winnersPerRound: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const { insertedId } = await orders.insertOne({ status: 'pending' });
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          orders.updateOne(
            { _id: insertedId, status: 'pending' },
            { $set: { status: 'paid', by: i } },
          ),
        ),
      );
      winnersPerRound.push(results.filter((r) => r.modifiedCount === 1).length);
      const after = await orders.findOne({ _id: insertedId });
      expect(after?.status).toBe('paid');
    }
    const broken = winnersPerRound.filter((n) => n !== 1);
    expect(
      broken,
      `rounds with other than one winner: ${broken.length} of ${ROUNDS}; winners per round ${winnersPerRound.join(',')}`,
    ).toEqual([]);
  });

  it('lets exactly one of 8 concurrent guarded findOneAndUpdates win, every round', async () => {
    const orders = connection.collection('fam_orders');
    const winnersPerRound: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const { insertedId } = await orders.insertOne({ status: 'pending' });
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          orders.findOneAndUpdate(
            { _id: insertedId, status: 'pending' },
            { $set: { status: 'paid', by: i } },
            { returnDocument: 'after' },
          ),
        ),
      );
      winnersPerRound.push(results.filter((r) => r !== null).length);
    }
    const broken = winnersPerRound.filter((n) => n !== 1);
    expect(
      broken,
      `rounds with other than one winner: ${broken.length} of ${ROUNDS}; winners per round ${winnersPerRound.join(',')}`,
    ).toEqual([]);
  });

  it('loses none of 400 concurrent $incs, every round', async () => {
    const counters = connection.collection('counters');
    const totals: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const { insertedId } = await counters.insertOne({ n: 0 });
      await Promise.all(
        Array.from({ length: 400 }, () =>
          counters.updateOne({ _id: insertedId }, { $inc: { n: 1 } }),
        ),
      );
      totals.push((await counters.findOne({ _id: insertedId }))?.n as number);
    }
    const lost = totals.reduce((sum, n) => sum + (400 - n), 0);
    expect(
      lost,
      `$incs lost: ${lost} of ${400 * ROUNDS}; totals per round ${totals.join(',')}`,
    ).toBe(0);
  });

  it('sells 5 units of a stock of 5 to 12 concurrent guarded decrements, every round', async () => {
    const stock = connection.collection('stock');
    const soldPerRound: number[] = [];
    const leftPerRound: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const { insertedId } = await stock.insertOne({ stock: 5 });
      const results = await Promise.all(
        Array.from({ length: 12 }, () =>
          stock.updateOne({ _id: insertedId, stock: { $gte: 1 } }, { $inc: { stock: -1 } }),
        ),
      );
      soldPerRound.push(results.filter((r) => r.modifiedCount === 1).length);
      leftPerRound.push((await stock.findOne({ _id: insertedId }))?.stock as number);
    }
    const oversold = soldPerRound.filter((n) => n !== 5).length;
    const wrongStock = leftPerRound.filter((n) => n !== 0).length;
    expect(
      { oversold, wrongStock },
      `units sold per round ${soldPerRound.join(',')}; stock left per round ${leftPerRound.join(',')}`,
    ).toEqual({ oversold: 0, wrongStock: 0 });
  });
});
