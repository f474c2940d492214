// When a parcel is expected: the zone of the destination seen from the seller's city, its transit
// days, and the dates that gives. Plain calendar dates ('YYYY-MM-DD') in and out; the caller says
// what today is, so the web and the API agree and tests need no clock.
import { brand } from './brand';
import type { IndianState } from './states';

/** A place as the PIN directory names it: the state and the district. */
export interface DeliveryPlace {
  state: IndianState;
  district: string;
}

export type DeliveryZone = 'sameCity' | 'sameState' | 'metro' | 'restOfIndia' | 'remote';

/**
 * Transit days after dispatch by zone, counted without Sundays (couriers neither pick up nor
 * deliver on them). Surface transport from Latur: a day or two in the district, a few days within
 * Maharashtra and to the metros' hubs, longer elsewhere, longest to the hills and the islands.
 */
export const DELIVERY_ZONE_DAYS: Readonly<
  Record<DeliveryZone, { minDays: number; maxDays: number }>
> = {
  sameCity: { minDays: 1, maxDays: 2 },
  sameState: { minDays: 2, maxDays: 4 },
  metro: { minDays: 3, maxDays: 5 },
  restOfIndia: { minDays: 4, maxDays: 7 },
  remote: { minDays: 6, maxDays: 10 },
};

/** The North-East, Jammu and Kashmir, Ladakh and the islands: reached last by every courier. */
export const REMOTE_STATES: readonly IndianState[] = [
  'Arunachal Pradesh',
  'Assam',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Sikkim',
  'Tripura',
  'Jammu and Kashmir',
  'Ladakh',
  'Andaman and Nicobar Islands',
  'Lakshadweep',
];

/**
 * The metros by the districts their PINs fall in (India Post's spelling). All of Delhi is one
 * city; Hyderabad spreads over three districts.
 */
export const METRO_DISTRICTS: readonly DeliveryPlace[] = [
  { state: 'Maharashtra', district: 'Mumbai' },
  { state: 'Maharashtra', district: 'Mumbai Suburban' },
  { state: 'Maharashtra', district: 'Pune' },
  { state: 'West Bengal', district: 'Kolkata' },
  { state: 'Tamil Nadu', district: 'Chennai' },
  { state: 'Karnataka', district: 'Bengaluru Urban' },
  { state: 'Telangana', district: 'Hyderabad' },
  { state: 'Telangana', district: 'Medchal Malkajgiri' },
  { state: 'Telangana', district: 'Ranga Reddy' },
  { state: 'Gujarat', district: 'Ahmadabad' },
];

/** Where parcels leave from: the seller's address (its city is its district). */
export const SELLER_PLACE: DeliveryPlace = {
  state: brand.address.state,
  district: brand.address.city,
};

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function deliveryZone(to: DeliveryPlace, from: DeliveryPlace = SELLER_PLACE): DeliveryZone {
  if (to.state === from.state && sameName(to.district, from.district)) return 'sameCity';
  if (to.state === from.state) return 'sameState';
  const metro =
    to.state === 'Delhi' ||
    METRO_DISTRICTS.some((m) => m.state === to.state && sameName(m.district, to.district));
  if (metro) return 'metro';
  return REMOTE_STATES.includes(to.state) ? 'remote' : 'restOfIndia';
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 24 * 60 * 60 * 1000;
/** India keeps one offset all year (no daylight saving): UTC+5:30. */
const INDIA_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** Midnight UTC of a calendar date, so arithmetic on it never meets a time zone. */
function parseDate(date: string): number {
  const match = DATE.exec(date);
  const time = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : NaN;
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== date)
    throw new RangeError(`Not a calendar date (YYYY-MM-DD): "${date}"`);
  return time;
}

const formatDate = (time: number) => new Date(time).toISOString().slice(0, 10);
const isSunday = (time: number) => new Date(time).getUTCDay() === 0;

/** The calendar date in India at an instant. */
export function calendarDateInIndia(at: Date): string {
  return formatDate(at.getTime() + INDIA_OFFSET_MS);
}

/** The later of two calendar dates. */
export function laterDate(a: string, b: string): string {
  return parseDate(a) >= parseDate(b) ? a : b;
}

/** `date` moved forward by `days` days that are not Sundays. */
export function addWorkingDays(date: string, days: number): string {
  let time = parseDate(date);
  for (let left = days; left > 0;) {
    time += DAY_MS;
    if (!isSunday(time)) left -= 1;
  }
  return formatDate(time);
}

export interface DeliveryEstimate {
  zone: DeliveryZone;
  /** Transit days after dispatch, Sundays not counted. */
  minDays: number;
  maxDays: number;
  /** The earliest and the latest expected delivery dates. */
  from: string;
  to: string;
}

/**
 * The delivery window for a parcel ordered on `today` (India's date): it leaves on the later of
 * today and the pre-order's first dispatch day (the next Monday when that is a Sunday), then
 * travels its zone's transit days.
 */
export function deliveryEstimate(input: {
  today: string;
  destination: DeliveryPlace;
  dispatchFrom?: string;
  origin?: DeliveryPlace;
}): DeliveryEstimate {
  const { today, destination, dispatchFrom = today, origin } = input;
  let dispatch = laterDate(today, dispatchFrom);
  if (isSunday(parseDate(dispatch))) dispatch = addWorkingDays(dispatch, 1);
  const zone = deliveryZone(destination, origin);
  const { minDays, maxDays } = DELIVERY_ZONE_DAYS[zone];
  return {
    zone,
    minDays,
    maxDays,
    from: addWorkingDays(dispatch, minDays),
    to: addWorkingDays(dispatch, maxDays),
  };
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/** The day in India of an instant, as people read it: '5 Jan 2027', the same everywhere. */
export function formatDayInIndia(at: Date): string {
  const day = new Date(parseDate(calendarDateInIndia(at)));
  return `${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]} ${day.getUTCFullYear()}`;
}

/** '2026-12-03' -> 'Thu, 3 Dec', the same in every browser and locale. */
export function formatDeliveryDate(date: string): string {
  const day = new Date(parseDate(date));
  return `${WEEKDAYS[day.getUTCDay()]}, ${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]}`;
}
