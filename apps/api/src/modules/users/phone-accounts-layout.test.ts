import { Types } from 'mongoose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastSmsCode } from '../../testing/accounts';
import { createLogger } from '../../platform/logger';
import { startTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import type { LogSmsTransport } from '../sms/sms-transport';
import { migratePhoneAccountsLayout } from './phone-accounts-layout';

describe('users of the layout before phone sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const signIn = async (phone: string, name?: string) => {
    await request(t.app).post('/api/auth/phone/start').send({ phone }).expect(200);
    return request(t.app)
      .post('/api/auth/phone/verify')
      .send({ phone, code: lastSmsCode(t.services.sms as LogSmsTransport, phone), name });
  };

  it('gives phones verified in a profile their sign-in, the first account of a shared number only', async () => {
    const users = t.connection.collection('users');
    const old = (email: string, phone: string) => ({
      _id: new Types.ObjectId(),
      name: 'Old Shopper',
      email,
      passwordHash: 'x',
      emailVerified: true,
      phone,
      phoneVerified: true,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    const first = old('first@example.in', '9811100001');
    const second = old('second@example.in', '9811100001');
    const alone = old('alone@example.in', '9811100002');
    await users.insertMany([first, second, alone]);

    await migratePhoneAccountsLayout(t.connection, createLogger(t.config));

    const firstIn = await signIn('9811100001');
    expect(firstIn.status).toBe(200);
    expect(firstIn.body).toMatchObject({ created: false, user: { email: 'first@example.in' } });
    const aloneIn = await signIn('9811100002');
    expect(aloneIn.body).toMatchObject({ created: false, user: { email: 'alone@example.in' } });
    // The second account keeps its phone in its profile and signs in by email.
    expect(await users.findOne({ _id: second._id })).toMatchObject({
      phone: '9811100001',
      phoneVerified: true,
    });

    // Run again: nothing left to do, and accounts without an email still coexist.
    await migratePhoneAccountsLayout(t.connection, createLogger(t.config));
    const [a, b] = [await signIn('9811100003', 'Anu'), await signIn('9811100004', 'Banu')];
    expect([a.body.created, b.body.created]).toEqual([true, true]);
    expect(await users.countDocuments({ email: { $exists: false } })).toBe(2);
  });
});
