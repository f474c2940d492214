import { INDIAN_STATES } from '@vanya/catalog';
import { PINCODE_MESSAGES, pincodeAnswerSchema, UNKNOWN_PIN } from '@vanya/contracts';
import type { Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { createLogger } from '../../platform/logger';
import { startTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import directory from './pincode-directory.json';
import { createPincodes } from './pincodes.service';
import { configuredServiceability } from './serviceability';

describe('GET /api/pincodes/:pin', () => {
  let t: TestApp;
  let clock: Date;
  let app: Express;
  beforeAll(async () => {
    t = await startTestApp({ COD_EXCLUDED_PIN_PREFIXES: ' 744, 6825 ' });
    // The real app and services, with a clock the tests set in place of the wall clock.
    const pincodes = createPincodes({
      serviceability: configuredServiceability(t.config.codExcludedPinPrefixes),
      settings: t.services.shopSettings,
      now: () => clock,
    });
    app = createApp({
      config: t.config,
      logger: createLogger(t.config),
      connection: t.connection,
      services: { ...t.services, pincodes },
    });
  });
  afterAll(() => t.close());

  const lookUp = (pin: string) => request(app).get(`/api/pincodes/${pin}`);

  it('answers Chandigarh with its place, delivery and cash on delivery, and the dates from today', async () => {
    // Saturday 28 November 2026, 15:30 in India: four to seven working days, Sundays skipped.
    clock = new Date('2026-11-28T10:00:00Z');
    const res = await lookUp('160017');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      pin: '160017',
      state: 'Chandigarh',
      district: 'Chandigarh',
      town: 'Chandigarh',
      serviceable: true,
      cod: true,
      codFee: 4900,
      codMaxGoods: 300000,
      estimate: { minDays: 4, maxDays: 7, from: '2026-12-03', to: '2026-12-07' },
    });
    expect(pincodeAnswerSchema.parse(res.body)).toEqual(res.body);
  });

  it('answers the seller’s own PIN in Latur with the shortest window', async () => {
    clock = new Date('2026-11-28T10:00:00Z');
    const res = await lookUp('413512');
    expect(res.body).toMatchObject({
      state: 'Maharashtra',
      district: 'Latur',
      estimate: { minDays: 1, maxDays: 2, from: '2026-11-30', to: '2026-12-01' },
    });
  });

  it('answers union territories, the islands in the remote zone and without cash on delivery where it is switched off', async () => {
    clock = new Date('2026-11-28T10:00:00Z');
    const portBlair = await lookUp('744101');
    expect(portBlair.body).toEqual({
      pin: '744101',
      state: 'Andaman and Nicobar Islands',
      district: 'South Andamans',
      town: 'Port Blair',
      serviceable: true,
      cod: false,
      codFee: 4900,
      codMaxGoods: 300000,
      estimate: { minDays: 6, maxDays: 10, from: '2026-12-05', to: '2026-12-10' },
    });
    const kavaratti = await lookUp('682555');
    expect(kavaratti.body).toMatchObject({
      state: 'Lakshadweep',
      district: 'Lakshadweep District',
      cod: false,
      estimate: { from: '2026-12-05', to: '2026-12-10' },
    });
    const silvassa = await lookUp('396230');
    expect(silvassa.body).toMatchObject({
      state: 'Dadra and Nagar Haveli and Daman and Diu',
      district: 'Dadra and Nagar Haveli',
      cod: true,
      estimate: { minDays: 4, maxDays: 7, from: '2026-12-03', to: '2026-12-07' },
    });
    const leh = await lookUp('194101');
    expect(leh.body).toMatchObject({ state: 'Ladakh', cod: true, estimate: { minDays: 6 } });
  });

  it('starts the count on India’s date, which turns at 18:30 UTC', async () => {
    // Sunday 29 November 00:30 in India: dispatched on Monday, in Latur on Tuesday or Wednesday.
    clock = new Date('2026-11-28T19:00:00Z');
    const res = await lookUp('413512');
    expect(res.body.estimate).toMatchObject({ from: '2026-12-01', to: '2026-12-02' });
  });

  it('counts from the pre-order dispatch date while it is still ahead', async () => {
    const settings = t.services.shopSettings;
    const before = await settings.read();
    // Ordered on Wednesday 1 July; parcels leave from Saturday 8 August (2037 has 2026's calendar).
    await settings.update({
      ...before,
      preOrder: { on: true, dispatchFrom: '2037-08-08', text: 'Dispatch from 8 August.' },
    });
    try {
      clock = new Date('2037-07-01T06:00:00Z');
      const res = await lookUp('110001');
      expect(res.body).toMatchObject({
        state: 'Delhi',
        district: 'New Delhi',
        estimate: { minDays: 3, maxDays: 5, from: '2037-08-12', to: '2037-08-14' },
      });
      // Past that day, pre-orders are over: the count starts from the order's own day.
      clock = new Date('2037-08-10T06:00:00Z');
      expect((await lookUp('110001')).body.estimate).toMatchObject({
        from: '2037-08-13',
        to: '2037-08-15',
      });
    } finally {
      await settings.update(before);
    }
  });

  it('names the town an address there gives as its city, not the postal district', async () => {
    const towns = Object.fromEntries(
      await Promise.all(
        ['413512', '744102', '560038', '400001', '110001', '682001', '411005'].map(async (pin) => {
          const { district, town } = (await lookUp(pin)).body as {
            district: string;
            town: string;
          };
          return [pin, `${town} (${district})`];
        }),
      ),
    );
    expect(towns).toEqual({
      '413512': 'Latur (Latur)',
      '744102': 'Port Blair (South Andamans)',
      '560038': 'Bengaluru (Bengaluru Urban)',
      '400001': 'Mumbai (Mumbai)',
      '110001': 'New Delhi (New Delhi)',
      '682001': 'Kochi (Ernakulam)',
      '411005': 'Pune (Pune)',
    });
  });

  it('answers 404 UNKNOWN_PIN for a well-formed PIN the directory does not hold', async () => {
    for (const pin of ['000000', '999999']) {
      const res = await lookUp(pin);
      expect(res.status, pin).toBe(404);
      expect(res.body, pin).toEqual({
        msg: PINCODE_MESSAGES.unknown,
        message: PINCODE_MESSAGES.unknown,
        code: UNKNOWN_PIN,
      });
    }
  });

  it('refuses a PIN that is not six digits with a validation error naming the field', async () => {
    for (const pin of ['12345', 'abcdef', '1234567', '41351%20']) {
      const res = await lookUp(pin);
      expect(res.status, pin).toBe(400);
      expect(res.body, pin).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: PINCODE_MESSAGES.malformed,
        issues: [{ path: ['pin'], message: PINCODE_MESSAGES.malformed }],
      });
    }
  });

  it('tells the order code whether cash on delivery is allowed for a PIN', async () => {
    const { codAllowedFor } = t.services.pincodes;
    expect(await codAllowedFor('160017')).toBe(true);
    expect(await codAllowedFor('744101')).toBe(false);
    expect(await codAllowedFor('682555')).toBe(false);
    // 6825 is Lakshadweep; Kochi's 6820 is not under it.
    expect(await codAllowedFor('682001')).toBe(true);
    expect(await codAllowedFor('999999')).toBe(false);
  });
});

describe('the PIN directory shipped with the API', () => {
  it('places every PIN in one of the 36 states and union territories, each PIN once', () => {
    const seen = new Set<string>();
    const states = new Set<string>();
    for (const [state, district, town, pins] of directory.towns) {
      expect(INDIAN_STATES).toContain(state);
      expect(district).toMatch(/\S/);
      expect(town).toMatch(/\S/);
      states.add(state!);
      for (const pin of pins!.split(' ')) {
        expect(pin).toMatch(/^[1-9]\d{5}$/);
        expect(seen.has(pin), pin).toBe(false);
        seen.add(pin);
      }
    }
    expect(states.size).toBe(36);
    expect(seen.size).toBeGreaterThan(19_000);
  });
});

describe('GET /api/pincodes/:pin under its rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    // 300 a quarter-hour scaled down to 3.
    t = await startTestApp({ RATE_LIMIT_SCALE: '0.01' });
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After once a client has asked too often', async () => {
    for (let i = 0; i < 3; i++) await request(t.app).get('/api/pincodes/413512').expect(200);
    const res = await request(t.app).get('/api/pincodes/413512');
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('RATE_LIMITED');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});
