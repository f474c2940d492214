import { Types } from 'mongoose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newEmail, signUpVerified } from '../../testing/accounts';
import { placeOrder } from '../../testing/orders';
import { SmtpSink } from '../../testing/smtp-sink';
import { startTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import { UserModel } from '../../modules/users/user.model';
import { countHits, hitRateLimit } from '../http/rate-limit';
import type { RateRule } from '../http/rate-limit';
import { migrateOldLayout } from './migrate-old-layout';

const event = (minute: number, ip: string) => ({
  at: new Date(Date.UTC(2026, 4, 1, 9, minute)),
  ip,
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
});

describe('migrating the data of the old layout at start-up', () => {
  let t: TestApp;
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await new SmtpSink().start();
    t = await startTestApp({ SMTP_URL: sink.url });
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  const raw = (name: string) => t.connection.db!.collection(name);
  const collections = async () =>
    (await t.connection.db!.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name);
  const me = async (token: string) =>
    (await request(t.app).get('/api/auth/me').set(bearer(token))).body.data.user as {
      loginHistory: string[];
      hasLoggedInBefore: boolean;
    };

  it('moves login histories, rate-limit windows and drops the derivable lists, once', async () => {
    // A history kept in the user document, newest first (the oldest layout).
    const kept = await signUpVerified(t, sink, newEmail('kept'));
    const keptId = (await UserModel.findOne({ email: kept.email }).lean())!._id;
    await raw('users').updateOne(
      { _id: keptId },
      {
        $set: { loginHistory: [event(3, '10.9.0.3'), event(2, '10.9.0.2'), event(1, '10.9.0.1')] },
        $unset: { recentLogins: '' },
      },
    );
    // A history kept as snapshots in login_history: slot 2 current, slot 1 emptied.
    const snapped = await signUpVerified(t, sink, newEmail('snapped'));
    const snappedId = (await UserModel.findOne({ email: snapped.email }).lean())!._id;
    await raw('users').updateOne({ _id: snappedId }, { $unset: { recentLogins: '' } });
    await raw('login_history').insertMany([
      { _id: `${String(snappedId)}#1` as never, userId: snappedId, events: [], superseded: true },
      {
        _id: `${String(snappedId)}#2` as never,
        userId: snappedId,
        events: [event(8, '10.8.0.8'), event(7, '10.8.0.7')],
      },
    ]);
    // The shopper's lists and the email keys, as those layouts wrote them.
    const order = (await placeOrder(t, kept.token)).body.order as { _id: string };
    await raw('profile_lists').insertOne({
      _id: `${String(keptId)}:orders#1` as never,
      userId: keptId,
      kind: 'orders',
      ids: [new Types.ObjectId(order._id)],
    });
    await raw('profile_index').insertOne({ _id: keptId, orders: [new Types.ObjectId(order._id)] });
    await raw('email_keys').insertOne({ _id: kept.email as never, userId: keptId });
    // Rate-limit slot rows: a window with three hits; a window cleared once after two hits, with
    // one hit since; an expired window.
    const now = Date.now();
    const rule: RateRule = { name: 'login', limit: 30, windowMs: 15 * 60_000 };
    const start = Math.floor(now / rule.windowMs) * rule.windowMs;
    const expiresAt = new Date(start + rule.windowMs);
    const plain = `login:ip:203.0.113.5:${start}`;
    const cleared = `login-acct-ip:asha@example.in|203.0.113.6:${start}`;
    const slots = (row: string, n: number, at = expiresAt) =>
      Array.from({ length: n }, (_, i) => ({
        _id: `${row}#${i + 1}` as never,
        key: row,
        expiresAt: at,
      }));
    await raw('rate_limits').insertMany([
      ...slots(plain, 3),
      ...slots(cleared, 2),
      ...slots(`${cleared}!cleared`, 1),
      ...slots(`${cleared}@1`, 1),
      ...slots(`login:ip:203.0.113.7:${start - rule.windowMs}`, 9, new Date(start)),
    ]);

    const migrated = await migrateOldLayout(t.connection, now);
    expect(migrated.sort()).toEqual(
      [
        'email_keys',
        'login_history',
        'profile_index',
        'profile_lists',
        'rate_limits',
        'users.loginHistory',
      ].sort(),
    );

    // Read back the new way.
    const keptView = await me(kept.token);
    expect(keptView.hasLoggedInBefore).toBe(true);
    expect(keptView.loginHistory.map((line) => line.split(' · ')[2])).toEqual([
      '10.9.0.3',
      '10.9.0.2',
      '10.9.0.1',
    ]);
    expect((await me(snapped.token)).loginHistory.map((line) => line.split(' · ')[2])).toEqual([
      '10.8.0.8',
      '10.8.0.7',
    ]);
    const stored = await raw('users').findOne({ _id: keptId });
    expect(stored).not.toHaveProperty('loginHistory');
    expect(
      (await request(t.app).get('/api/orders').set(bearer(kept.token))).body.map(
        (o: { _id: string }) => o._id,
      ),
    ).toEqual([order._id]);
    expect(await countHits(rule, 'ip:203.0.113.5', now)).toBe(3);
    expect((await hitRateLimit(rule, 'ip:203.0.113.5', now)).count).toBe(4);
    const pair: RateRule = { name: 'login-acct-ip', limit: 10, windowMs: rule.windowMs };
    expect(await countHits(pair, 'asha@example.in|203.0.113.6', now)).toBe(1);
    expect(await countHits(rule, 'ip:203.0.113.7', start - 1)).toBe(0);
    const left = await collections();
    for (const old of [
      'login_history',
      'profile_lists',
      'profile_index',
      'email_keys',
      'rate_limits',
    ])
      expect(left).not.toContain(old);

    // A second start finds nothing to do, and changes nothing.
    expect(await migrateOldLayout(t.connection, now)).toEqual([]);
    expect((await me(kept.token)).loginHistory).toEqual(keptView.loginHistory);
  });
});
