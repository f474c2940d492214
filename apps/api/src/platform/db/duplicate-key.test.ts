import { describe, expect, it } from 'vitest';
import { isDuplicateKey } from './duplicate-key';

describe('duplicate-key errors', () => {
  it('recognises code 11000 and nothing else', () => {
    expect(isDuplicateKey({ code: 11000 })).toBe(true);
    expect(isDuplicateKey({ code: 11001 })).toBe(false);
    expect(isDuplicateKey(new Error('E11000'))).toBe(false);
    expect(isDuplicateKey(null)).toBe(false);
  });
});
