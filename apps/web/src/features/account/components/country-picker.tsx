import { TIMINGS } from '@vanya/catalog';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';

import { ACCOUNT_TEXTS } from '../texts';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { findCountry, searchCountries } from '../utils/countries';

type CountryPickerProps = {
  /** ISO code of the chosen country. */
  value: string;
  onChange: (iso: string) => void;
};

/** The phone field's country code: a button that opens a searchable list (search waits 250 ms). */
export function CountryPicker({ value, onChange }: CountryPickerProps) {
  const t = ACCOUNT_TEXTS.details;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const debounced = useDebouncedValue(query, TIMINGS.countrySearchDebounceMs);
  const matches = useMemo(() => searchCountries(debounced), [debounced]);
  const chosen = findCountry(value);
  const root = useRef<HTMLDivElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!open) return;
    search.current?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    setQuery('');
    button.current?.focus();
  };

  const choose = (iso: string) => {
    onChange(iso);
    close();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
    }
  };

  return (
    <div className="country-picker" ref={root} onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        className="country-picker__button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-label={`${t.country}: ${chosen ? `${chosen.name} +${chosen.dial}` : value}`}
        onClick={() => (open ? close() : setOpen(true))}
      >
        <span className="country-picker__iso" aria-hidden="true">
          {chosen?.iso}
        </span>
        <span>+{chosen?.dial}</span>
        <span className="country-picker__caret" aria-hidden="true" />
      </button>
      {open ? (
        <div className="country-picker__popover">
          <input
            ref={search}
            className="input country-picker__search"
            type="search"
            placeholder={t.countrySearch}
            aria-label={t.countrySearch}
            aria-controls={listId}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
          <ul className="country-picker__list" id={listId} role="listbox" aria-label={t.country}>
            {matches.length === 0 ? (
              <li className="country-picker__empty">{t.countryNone}</li>
            ) : (
              matches.map((country) => (
                <li key={country.iso} role="none">
                  <button
                    type="button"
                    role="option"
                    aria-selected={country.iso === value}
                    className="country-picker__option"
                    onClick={() => choose(country.iso)}
                  >
                    <span className="country-picker__iso" aria-hidden="true">
                      {country.iso}
                    </span>
                    <span className="country-picker__name">{country.name}</span>
                    <span className="country-picker__dial">+{country.dial}</span>
                  </button>
                </li>
              ))
            )}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
