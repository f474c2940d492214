import { describe, expect, it } from 'vitest';
import { findApiRoute } from './api';
import { PINCODE_MESSAGES, pincodeAnswerSchema, pincodeParamsSchema } from './pincodes';

describe('the PIN look-up', () => {
  it('takes exactly six digits as the PIN, refusing the rest with the words the shop shows', () => {
    expect(pincodeParamsSchema.parse({ pin: '413512' })).toEqual({ pin: '413512' });
    for (const pin of ['12345', '1234567', 'abcdef', '41351a', ' 413512', '']) {
      const result = pincodeParamsSchema.safeParse({ pin });
      expect(result.success, pin).toBe(false);
      expect(result.error?.issues[0]?.message, pin).toBe(PINCODE_MESSAGES.malformed);
    }
  });

  it('answers a state of the 36 and calendar dates', () => {
    const answer = {
      pin: '160017',
      state: 'Chandigarh',
      district: 'Chandigarh',
      town: 'Chandigarh',
      serviceable: true,
      cod: true,
      codFee: 4900,
      codMaxGoods: 300000,
      estimate: { minDays: 4, maxDays: 7, from: '2026-12-03', to: '2026-12-07' },
    };
    expect(pincodeAnswerSchema.parse(answer)).toEqual(answer);
    expect(pincodeAnswerSchema.safeParse({ ...answer, state: 'Orissa' }).success).toBe(false);
    expect(
      pincodeAnswerSchema.safeParse({ ...answer, estimate: { ...answer.estimate, to: '3 Dec' } })
        .success,
    ).toBe(false);
  });

  it('is listed among the API routes, public, with its 400 and 404', () => {
    const route = findApiRoute('get', '/pincodes/{pin}');
    expect(route?.auth).toBe(false);
    expect(Object.keys(route?.responses ?? {})).toEqual(['200', '400', '404', '429']);
  });
});
