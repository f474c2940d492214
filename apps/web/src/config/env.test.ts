import { describe, expect, it } from 'vitest';

import { parseEnv } from './env';

describe('web configuration', () => {
  it('calls the API under /api unless VITE_API_URL says otherwise', () => {
    expect(parseEnv({}).VITE_API_URL).toBe('/api');
    expect(parseEnv({ VITE_API_URL: '' }).VITE_API_URL).toBe('/api');
    expect(parseEnv({ VITE_API_URL: 'https://api.vanyanaturals.in/api/' }).VITE_API_URL).toBe(
      'https://api.vanyanaturals.in/api',
    );
  });

  it('refuses a value that is not text, naming the variable', () => {
    expect(() => parseEnv({ VITE_API_URL: 42 })).toThrow(/VITE_API_URL/);
    expect(() => parseEnv({ VITE_API_URL: '   ' })).toThrow(/VITE_API_URL/);
  });

  it('trims the value and keeps a bare slash', () => {
    expect(parseEnv({ VITE_API_URL: ' /shop-api/ ' }).VITE_API_URL).toBe('/shop-api');
    expect(parseEnv({ VITE_API_URL: '/' }).VITE_API_URL).toBe('/');
  });
});
