import { COUNTRY_DIAL_CODES } from '../data/countries';

export type Country = { iso: string; dial: string; name: string };

function nameOf(iso: string, names: Intl.DisplayNames | null): string {
  try {
    return names?.of(iso) ?? iso;
  } catch {
    return iso;
  }
}

let cached: Country[] | null = null;

/** Every country of the picker, sorted by name. */
export function allCountries(): Country[] {
  if (cached) return cached;
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames(['en-IN', 'en'], { type: 'region' });
  } catch {
    names = null;
  }
  cached = COUNTRY_DIAL_CODES.map(([iso, dial]) => ({
    iso,
    dial,
    name: nameOf(iso, names),
  })).sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return cached;
}

export function findCountry(iso: string): Country | undefined {
  return allCountries().find((country) => country.iso === iso);
}

/** Countries whose name, ISO code or dialling code matches `query` ('ind', 'IN', '+91', '91'). */
export function searchCountries(query: string): Country[] {
  const wanted = query.trim().toLowerCase().replace(/^\+/, '');
  if (!wanted) return allCountries();
  return allCountries().filter(
    (country) =>
      country.name.toLowerCase().includes(wanted) ||
      country.iso.toLowerCase() === wanted ||
      country.dial.startsWith(wanted),
  );
}
