import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addWorkingDays,
  calendarDateInIndia,
  DELIVERY_ZONE_DAYS,
  deliveryEstimate,
  deliveryZone,
  formatDayInIndia,
  formatDeliveryDate,
  laterDate,
} from './delivery';
import { INDIAN_STATES } from './states';

describe('deliveryZone', () => {
  it('counts the seller’s own district (Latur) as the same city, whatever the spelling case', () => {
    expect(deliveryZone({ state: 'Maharashtra', district: 'Latur' })).toBe('sameCity');
    expect(deliveryZone({ state: 'Maharashtra', district: 'LATUR' })).toBe('sameCity');
  });

  it('counts the rest of Maharashtra, its metros included, as the same state', () => {
    expect(deliveryZone({ state: 'Maharashtra', district: 'Nanded' })).toBe('sameState');
    expect(deliveryZone({ state: 'Maharashtra', district: 'Mumbai' })).toBe('sameState');
    expect(deliveryZone({ state: 'Maharashtra', district: 'Pune' })).toBe('sameState');
  });

  it('finds the metros of other states by their districts, and all of Delhi', () => {
    expect(deliveryZone({ state: 'Delhi', district: 'South West' })).toBe('metro');
    expect(deliveryZone({ state: 'Karnataka', district: 'Bengaluru Urban' })).toBe('metro');
    expect(deliveryZone({ state: 'Tamil Nadu', district: 'Chennai' })).toBe('metro');
    expect(deliveryZone({ state: 'West Bengal', district: 'Kolkata' })).toBe('metro');
    expect(deliveryZone({ state: 'Telangana', district: 'Hyderabad' })).toBe('metro');
    expect(deliveryZone({ state: 'Gujarat', district: 'Ahmadabad' })).toBe('metro');
    // A district of a metro's name in another state is not that metro.
    expect(deliveryZone({ state: 'Karnataka', district: 'Chennai' })).toBe('restOfIndia');
  });

  it('sends the North-East, Jammu and Kashmir, Ladakh and the islands to the remote zone', () => {
    for (const state of [
      'Assam',
      'Sikkim',
      'Tripura',
      'Jammu and Kashmir',
      'Ladakh',
      'Andaman and Nicobar Islands',
      'Lakshadweep',
    ] as const)
      expect(deliveryZone({ state, district: 'Anywhere' }), state).toBe('remote');
  });

  it('puts everything else in the rest of India', () => {
    expect(deliveryZone({ state: 'Chandigarh', district: 'Chandigarh' })).toBe('restOfIndia');
    expect(
      deliveryZone({ state: 'Dadra and Nagar Haveli and Daman and Diu', district: 'Daman' }),
    ).toBe('restOfIndia');
    expect(deliveryZone({ state: 'Karnataka', district: 'Mysuru' })).toBe('restOfIndia');
  });

  it('measures from another origin when given one', () => {
    const origin = { state: 'Karnataka', district: 'Mysuru' } as const;
    expect(deliveryZone({ state: 'Karnataka', district: 'Mysuru' }, origin)).toBe('sameCity');
    expect(deliveryZone({ state: 'Maharashtra', district: 'Latur' }, origin)).toBe('restOfIndia');
  });

  it('promises longer windows the further the zone', () => {
    const order = ['sameCity', 'sameState', 'metro', 'restOfIndia', 'remote'] as const;
    for (let i = 1; i < order.length; i++) {
      expect(DELIVERY_ZONE_DAYS[order[i]!].maxDays).toBeGreaterThan(
        DELIVERY_ZONE_DAYS[order[i - 1]!].maxDays,
      );
    }
    for (const { minDays, maxDays } of Object.values(DELIVERY_ZONE_DAYS))
      expect(minDays).toBeLessThanOrEqual(maxDays);
  });
});

describe('calendar dates', () => {
  it('reads the date in India, which turns at 18:30 UTC', () => {
    expect(calendarDateInIndia(new Date('2026-11-28T18:29:59Z'))).toBe('2026-11-28');
    expect(calendarDateInIndia(new Date('2026-11-28T18:30:00Z'))).toBe('2026-11-29');
    expect(calendarDateInIndia(new Date('2026-12-31T20:00:00Z'))).toBe('2027-01-01');
  });

  it('skips Sundays when adding working days', () => {
    // 2026-11-27 is a Friday.
    expect(addWorkingDays('2026-11-27', 0)).toBe('2026-11-27');
    expect(addWorkingDays('2026-11-27', 1)).toBe('2026-11-28');
    expect(addWorkingDays('2026-11-27', 2)).toBe('2026-11-30');
    expect(addWorkingDays('2026-11-27', 7)).toBe('2026-12-05');
    // Across a month and a year.
    expect(addWorkingDays('2026-12-30', 3)).toBe('2027-01-02');
  });

  it('never lands on a Sunday and adds at least the days asked for', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        fc.integer({ min: 1, max: 30 }),
        (at, days) => {
          const start = at.toISOString().slice(0, 10);
          const end = addWorkingDays(start, days);
          const gap = (Date.parse(end) - Date.parse(start)) / 86_400_000;
          expect(new Date(`${end}T00:00:00Z`).getUTCDay()).not.toBe(0);
          expect(gap).toBeGreaterThanOrEqual(days);
          expect(gap).toBeLessThanOrEqual(days + Math.ceil(days / 6));
        },
      ),
    );
  });

  it('picks the later of two dates and refuses what is not a calendar date', () => {
    expect(laterDate('2026-08-08', '2026-11-28')).toBe('2026-11-28');
    expect(laterDate('2026-11-28', '2026-08-08')).toBe('2026-11-28');
    expect(() => laterDate('2026-02-30', '2026-01-01')).toThrow(/2026-02-30/);
    expect(() => addWorkingDays('2026-2-3', 1)).toThrow(RangeError);
  });

  it('formats a date the way the shop writes it', () => {
    expect(formatDeliveryDate('2026-12-03')).toBe('Thu, 3 Dec');
    expect(formatDeliveryDate('2025-12-03')).toBe('Wed, 3 Dec');
    expect(formatDeliveryDate('2027-01-10')).toBe('Sun, 10 Jan');
  });
});

describe('deliveryEstimate', () => {
  const latur = { state: 'Maharashtra', district: 'Latur' } as const;
  const delhi = { state: 'Delhi', district: 'New Delhi' } as const;

  it('counts from today once the pre-order dispatch date has passed', () => {
    // Saturday 28 November: one working day is Monday, two Tuesday.
    expect(
      deliveryEstimate({ today: '2026-11-28', destination: latur, dispatchFrom: '2026-08-08' }),
    ).toEqual({ zone: 'sameCity', minDays: 1, maxDays: 2, from: '2026-11-30', to: '2026-12-01' });
  });

  it('counts from the dispatch date while it is still ahead', () => {
    // Dispatch on Saturday 8 August; three working days to Wednesday 12, five to Friday 14.
    expect(
      deliveryEstimate({ today: '2026-07-20', destination: delhi, dispatchFrom: '2026-08-08' }),
    ).toEqual({ zone: 'metro', minDays: 3, maxDays: 5, from: '2026-08-12', to: '2026-08-14' });
  });

  it('dispatches on Monday what is ordered on a Sunday', () => {
    expect(
      deliveryEstimate({ today: '2026-11-29', destination: latur, dispatchFrom: '2026-08-08' }),
    ).toMatchObject({ from: '2026-12-01', to: '2026-12-02' });
  });

  it('dispatches from today when no first dispatch day is given', () => {
    expect(deliveryEstimate({ today: '2026-12-07', destination: latur })).toEqual(
      deliveryEstimate({ today: '2026-12-07', destination: latur, dispatchFrom: '2026-12-07' }),
    );
  });

  it('gives every state and union territory a window that ends no earlier than it starts', () => {
    for (const state of INDIAN_STATES) {
      const estimate = deliveryEstimate({
        today: '2026-11-28',
        destination: { state, district: 'Somewhere' },
      });
      expect(estimate.from <= estimate.to, state).toBe(true);
      expect(estimate.from > '2026-11-28', state).toBe(true);
    }
  });
});

describe('formatDayInIndia', () => {
  it('names the day in India, which turns at 18:30 UTC', () => {
    expect(formatDayInIndia(new Date('2027-01-05T18:29:59Z'))).toBe('5 Jan 2027');
    expect(formatDayInIndia(new Date('2027-01-05T18:30:00Z'))).toBe('6 Jan 2027');
  });
});
