import mongoose, { Types } from 'mongoose';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newEmail, PASSWORD, signUpVerified } from '../../testing/accounts';
import { SmtpSink } from '../../testing/smtp-sink';
import { startTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import { snapshotRow } from '../../platform/db/snapshots';
import { LoginHistoryModel, readLoginHistory, recordLogin } from './login-history';
import { UserModel } from './user.model';
import type { UserDoc } from './user.model';

describe('the login history', () => {
  let t: TestApp;
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await new SmtpSink().start();
    t = await startTestApp({ SMTP_URL: sink.url });
  });
  afterEach(() => {
    mongoose.set('debug', false);
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  const login = (email: string, userAgent: string) =>
    request(t.app)
      .post('/api/auth/login')
      .set('User-Agent', userAgent)
      .send({ email, password: PASSWORD });

  it('lists the 20 latest sign-ins newest first, and a login writes nothing to the user document', async () => {
    const { email } = await signUpVerified(t, sink, newEmail('history'));
    const writes: string[] = [];
    mongoose.set('debug', (collection: string, method: string) => {
      if (collection === 'users' && (!/^find/.test(method) || /And/.test(method)))
        writes.push(method);
    });
    for (let i = 1; i <= 22; i += 1) {
      const answer = await login(email, `Mozilla/5.0 (Windows NT 10.0) Firefox/${100 + i}.0`);
      expect(answer.status).toBe(200);
      expect(answer.body.user.hasLoggedInBefore).toBe(true);
    }
    mongoose.set('debug', false);
    expect(writes).toEqual([]);

    const { token } = (await login(email, 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0')).body;
    const me = (await request(t.app).get('/api/auth/me').set(bearer(token))).body.data.user;
    expect(me.hasLoggedInBefore).toBe(true);
    expect(me.loginHistory).toHaveLength(20);
    expect(me.loginHistory[0]).toMatch(/ IST · Chrome on Android · /);
    expect(
      me.loginHistory.slice(1).every((line: string) => line.includes('Firefox on Windows')),
    ).toBe(true);
  });

  it('tells a first sign-in from a returning one', async () => {
    const user = (await UserModel.create({
      name: 'Meera Joshi',
      email: newEmail('first'),
      passwordHash: 'x',
    }).then((d) => d.toObject())) as UserDoc;
    expect(await readLoginHistory(user)).toEqual({ events: [], hasLoggedInBefore: false });
    const first = await recordLogin(user, { at: new Date(), ip: '10.0.0.1', userAgent: 'a' });
    expect(first.hasLoggedInBefore).toBe(false);
    const second = await recordLogin(user, { at: new Date(), ip: '10.0.0.2', userAgent: 'b' });
    expect(second.hasLoggedInBefore).toBe(true);
    expect(second.events.map((e) => e.ip)).toEqual(['10.0.0.1']);
  });

  it('starts from the history an account kept in its user document', async () => {
    const earlier = { at: new Date('2026-01-05T10:00:00Z'), ip: '203.0.113.9', userAgent: 'old' };
    const user = (await UserModel.create({
      name: 'Ravi Patil',
      email: newEmail('legacy'),
      passwordHash: 'x',
      hasLoggedInBefore: true,
      loginHistory: [earlier],
    }).then((d) => d.toObject())) as UserDoc;
    expect((await readLoginHistory(user)).events.map((e) => e.ip)).toEqual(['203.0.113.9']);
    const before = await recordLogin(user, { at: new Date(), ip: '10.0.0.9', userAgent: 'new' });
    expect(before.hasLoggedInBefore).toBe(true);
    expect((await readLoginHistory(user)).events.map((e) => e.ip)).toEqual([
      '10.0.0.9',
      '203.0.113.9',
    ]);
  });

  it('gives each of many simultaneous sign-ins a snapshot of its own, and keeps only the latest full', async () => {
    const user = { _id: new Types.ObjectId(), loginHistory: [] } as unknown as UserDoc;
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        recordLogin(user, { at: new Date(), ip: `10.1.0.${i}`, userAgent: 'x' }),
      ),
    );
    const snapshots = await LoginHistoryModel.find({ userId: user._id }).lean();
    const id = (n: number) => `${String(user._id)}#${n}`;
    expect(snapshots.map((s) => s._id).sort()).toEqual(
      Array.from({ length: 8 }, (_, i) => id(i + 1)).sort(),
    );
    // The latest holds every sign-in, each built on the one before; the superseded are emptied.
    const latest = snapshots.find((s) => s._id === id(8))!;
    expect(new Set(latest.events.map((e) => e.ip)).size).toBe(8);
    expect(latest.superseded).toBeUndefined();
    for (const s of snapshots.filter((s) => s._id !== id(8)))
      expect({ events: s.events, superseded: s.superseded }).toEqual({
        events: [],
        superseded: true,
      });
    expect((await readLoginHistory(user)).events).toHaveLength(8);
  });

  /** Slot n of a login-history row, holding one sign-in from `${net}.${n}`. */
  const slotDoc = (row: string, n: number, net: string) => ({
    _id: `${row}#${n}`,
    userId: new Types.ObjectId(),
    events: [{ at: new Date(), ip: `${net}.${n}`, userAgent: 'x' }],
  });
  /** Another process's change: it appends slot n of the row and empties slot n - 1. */
  async function appendElsewhere(row: string, n: number, net: string) {
    const collection = LoginHistoryModel.collection;
    await collection.insertOne(slotDoc(row, n, net) as never);
    await collection.updateOne({ _id: `${row}#${n - 1}` } as never, {
      $set: { events: [], superseded: true },
    });
  }
  /**
   * Login-history snapshots read through a collection that, after each slot lookup and before
   * answering it, runs `afterFind` with the slot's number and whether it was there: what another
   * process does in between.
   */
  function racedSnapshots(afterFind: (slot: number, found: boolean) => Promise<void>) {
    const racing = new Proxy(LoginHistoryModel.collection, {
      get(target, key, receiver) {
        if (key !== 'findOne') return Reflect.get(target, key, receiver);
        return async (filter: { _id: string }, ...rest: unknown[]) => {
          const doc = await target.findOne(filter as never, ...(rest as []));
          await afterFind(Number(filter._id.split('#')[1]), doc !== null);
          return doc;
        };
      },
    });
    return snapshotRow<{ _id: string; events: { ip: string }[] }>({ collection: racing } as never, {
      events: [],
    });
  }

  it('reads the next snapshot when the one it found was emptied meanwhile', async () => {
    const row = String(new Types.ObjectId());
    for (let n = 1; n <= 4; n += 1)
      await LoginHistoryModel.collection.insertOne(slotDoc(row, n, '10.2.0') as never);
    // Slots 1-4 taken and no hint: the search reads 1, 3, 7 (free), 5 (free), then 4. As it finds
    // 5 free, another process appends 5 and empties 4, so slot 4 reads emptied.
    const order: number[] = [];
    let raced = false;
    const snapshots = racedSnapshots(async (k) => {
      order.push(k);
      if (k === 5 && !raced) {
        raced = true;
        await appendElsewhere(row, 5, '10.2.0');
      }
    });
    const { n, value } = await snapshots.read(row);
    expect(order.slice(0, 5)).toEqual([1, 3, 7, 5, 4]);
    expect(n).toBe(5);
    expect(value?.events.map((e) => e.ip)).toEqual(['10.2.0.5']);
  });

  it('never answers an emptied snapshot, however often others append while it reads', async () => {
    const row = String(new Types.ObjectId());
    for (let n = 1; n <= 4; n += 1)
      await LoginHistoryModel.collection.insertOne(slotDoc(row, n, '10.3.0') as never);
    // Others always one step ahead: whenever the read finds slot k free, they append every slot up
    // to k, each emptying the one before, so the slots below k that the search reads next are
    // emptied. Searching again from the top met the same each time (up to eight such races here).
    let highest = 4;
    let races = 0;
    const snapshots = racedSnapshots(async (k, found) => {
      if (found || k <= highest || races >= 8) return;
      races += 1;
      for (; highest < k; highest += 1) await appendElsewhere(row, highest + 1, '10.3.0');
    });
    const { n, value } = await snapshots.read(row);
    expect(races).toBeGreaterThan(0);
    expect(value?.events.map((e) => e.ip)).toEqual([`10.3.0.${n}`]);
    expect(n).toBe(highest);
  });
});
