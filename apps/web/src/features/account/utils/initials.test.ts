import { describe, expect, it } from 'vitest';

import { initialsOf } from './initials';

describe('avatar initials', () => {
  it('takes the first letters of the first and the last word, in upper case', () => {
    expect(initialsOf('asha patil')).toBe('AP');
    expect(initialsOf('Meera Anil Kulkarni')).toBe('MK');
    expect(initialsOf('  rohan   deshmukh ')).toBe('RD');
  });

  it('takes one letter for a one-word name and none for no name', () => {
    expect(initialsOf('Vanya')).toBe('V');
    expect(initialsOf('')).toBe('');
    expect(initialsOf(undefined)).toBe('');
  });
});
