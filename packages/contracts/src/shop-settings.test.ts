import { DEFAULT_SHOP_SETTINGS } from '@vanya/catalog';
import { describe, expect, it } from 'vitest';
import { findApiRoute } from './api';
import { SHOP_SETTINGS_MESSAGES, shopSettingsSchema } from './shop-settings';
import { issueMessages, issuePaths } from './test-helpers';

const valid = {
  preOrder: { on: true, dispatchFrom: '2026-12-14', text: '  Dispatch starts mid-December.  ' },
  codFeePaise: 5900,
  codMaxGoodsPaise: 500000,
  freeShippingThresholdPaise: 99900,
};

describe('the shop settings', () => {
  it('take the defaults and the owner’s values, the text trimmed', () => {
    expect(shopSettingsSchema.parse(DEFAULT_SHOP_SETTINGS)).toEqual(DEFAULT_SHOP_SETTINGS);
    expect(shopSettingsSchema.parse(valid).preOrder.text).toBe('Dispatch starts mid-December.');
    expect(
      shopSettingsSchema.parse({ ...valid, codFeePaise: 0, freeShippingThresholdPaise: 0 }),
    ).toBeTruthy();
  });

  it('refuse a dispatch day that is not a real YYYY-MM-DD date', () => {
    for (const dispatchFrom of ['2026-02-30', '14-12-2026', '2026-12-1', '', '2026-13-01']) {
      const value = { ...valid, preOrder: { ...valid.preOrder, dispatchFrom } };
      expect(issueMessages(shopSettingsSchema, value), dispatchFrom).toEqual([
        SHOP_SETTINGS_MESSAGES.dispatchFrom,
      ]);
    }
    const leap = { ...valid, preOrder: { ...valid.preOrder, dispatchFrom: '2028-02-29' } };
    expect(shopSettingsSchema.safeParse(leap).success).toBe(true);
  });

  it('refuse a blank text and one over 200 characters', () => {
    const withText = (text: string) => ({ ...valid, preOrder: { ...valid.preOrder, text } });
    expect(issueMessages(shopSettingsSchema, withText('   '))).toEqual([
      SHOP_SETTINGS_MESSAGES.textRequired,
    ]);
    expect(issueMessages(shopSettingsSchema, withText('x'.repeat(201)))).toEqual([
      SHOP_SETTINGS_MESSAGES.textTooLong,
    ]);
    expect(shopSettingsSchema.safeParse(withText('x'.repeat(200))).success).toBe(true);
  });

  it('refuse amounts that are negative, fractional, too large or missing, naming the field', () => {
    for (const [field, bad] of [
      ['codFeePaise', -1],
      ['codFeePaise', 49.5],
      ['codFeePaise', 100001],
      ['codMaxGoodsPaise', 0],
      ['codMaxGoodsPaise', 100000001],
      ['freeShippingThresholdPaise', -100],
      ['freeShippingThresholdPaise', '14900'],
    ] as const) {
      expect(issuePaths(shopSettingsSchema, { ...valid, [field]: bad }), `${field} ${bad}`).toEqual(
        [field],
      );
    }
    const { codFeePaise: _, ...missing } = valid;
    expect(issueMessages(shopSettingsSchema, missing)).toEqual([SHOP_SETTINGS_MESSAGES.codFee]);
    expect(shopSettingsSchema.safeParse({ ...valid, extra: 1 }).success).toBe(false);
  });

  it('are read by everyone and changed by the owner alone', () => {
    expect(findApiRoute('get', '/shop-settings')).toMatchObject({ auth: false });
    expect(findApiRoute('put', '/admin/settings/shop')).toMatchObject({
      auth: true,
      body: shopSettingsSchema,
    });
  });
});
