import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newEmail } from '../../testing/accounts';
import { startTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';

/** Password reset requests: 10 an hour per client (and 5 per address, so each uses a new one). */
const PER_CLIENT = 10;

async function resetRequests(t: TestApp, count: number, forwardedFor: (i: number) => string) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const res = await request(t.app)
      .post('/api/auth/request-password-reset')
      .set('X-Forwarded-For', forwardedFor(i))
      .send({ email: newEmail('proxy') });
    statuses.push(res.status);
  }
  return statuses;
}

describe('who the client is, behind proxies', () => {
  describe('without TRUST_PROXY (the default)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ RATE_LIMIT_SCALE: '1' });
    });
    afterAll(() => t.close());

    it('ignores X-Forwarded-For even from a loopback peer: a new header per request does not escape the per-client limit', async () => {
      const statuses = await resetRequests(t, PER_CLIENT + 2, (i) => `203.0.113.${i + 1}`);
      expect(statuses.slice(0, PER_CLIENT)).toEqual(Array(PER_CLIENT).fill(200));
      expect(statuses.slice(PER_CLIENT)).toEqual([429, 429]);
    });
  });

  describe('with TRUST_PROXY naming the proxy', () => {
    let t: TestApp;
    beforeAll(async () => {
      // supertest connects from 127.0.0.1: the proxy in front, as far as the API can tell.
      t = await startTestApp({ RATE_LIMIT_SCALE: '1', TRUST_PROXY: '127.0.0.1' });
    });
    afterAll(() => t.close());

    it('counts each forwarded client on its own, and one client across requests', async () => {
      const many = await resetRequests(t, PER_CLIENT + 2, (i) => `198.51.100.${i + 1}`);
      expect(many).toEqual(Array(PER_CLIENT + 2).fill(200));
      const one = await resetRequests(t, PER_CLIENT + 1, () => '192.0.2.77');
      expect(one.slice(0, PER_CLIENT)).toEqual(Array(PER_CLIENT).fill(200));
      expect(one[PER_CLIENT]).toBe(429);
    });

    it('believes only the proxy named: an address the client adds in front is not its own', async () => {
      // The proxy appends the peer it saw; what the client wrote before it is ignored.
      const spoofed = await resetRequests(t, PER_CLIENT + 1, (i) => `10.9.${i}.1, 192.0.2.88`);
      expect(spoofed[PER_CLIENT]).toBe(429);
    });
  });
});
