import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { connectDatabase } from './connect';
import { createLease, LeaseModel } from './lease';

describe('a lease held by one process at a time', () => {
  beforeAll(async () => {
    await connectDatabase(inject('mongoUri'), { dbName: `lease_${Date.now()}` });
  });
  afterAll(async () => {
    await mongoose.connection.dropDatabase();
    await mongoose.disconnect();
  });

  it('is held by exactly one of eight processes asking at once, renewed by it and by no other', async () => {
    let clock = Date.now();
    const processes = Array.from({ length: 8 }, () =>
      createLease('jobs-race', 30_000, () => clock),
    );
    const first = await Promise.all(processes.map((p) => p.hold()));
    expect(first.filter(Boolean)).toHaveLength(1);
    const holder = processes[first.indexOf(true)]!;
    clock += 20_000;
    const again = await Promise.all(processes.map((p) => p.hold()));
    expect(again.filter(Boolean)).toHaveLength(1);
    expect(again[processes.indexOf(holder)]).toBe(true);
  });

  it('passes to another process once its holder stops renewing it, and at once when released', async () => {
    let clock = Date.now();
    const a = createLease('jobs-lapse', 30_000, () => clock);
    const b = createLease('jobs-lapse', 30_000, () => clock);
    expect(await a.hold()).toBe(true);
    expect(await b.hold()).toBe(false);
    clock += 29_000;
    expect(await b.hold()).toBe(false);
    clock += 2_000; // a died: its lease lapsed
    expect(await b.hold()).toBe(true);
    expect(await a.hold()).toBe(false);
    await b.release();
    expect(await a.hold()).toBe(true);
    expect((await LeaseModel.findById('jobs-lapse').lean())?.holder).toBe(a.holder);
  });
});
