import { describe, expect, it } from 'vitest';

import { loginDestination, safeRedirect } from './login-redirect';

describe('where a login goes', () => {
  it('follows the redirect parameter first', () => {
    expect(loginDestination('/cart?step=2', true)).toBe('/cart?step=2');
    expect(loginDestination('/checkout', false)).toBe('/checkout');
  });

  it('sends a returning shopper home and a first-timer to the profile', () => {
    expect(loginDestination(null, true)).toBe('/');
    expect(loginDestination(null, false)).toBe('/profile');
  });

  it('ignores a redirect to another site', () => {
    expect(safeRedirect('https://evil.example/')).toBeNull();
    expect(safeRedirect('//evil.example/')).toBeNull();
    expect(safeRedirect('/\\evil.example')).toBeNull();
    expect(loginDestination('//evil.example', true)).toBe('/');
  });
});
