import { describe, expect, it } from 'vitest';
import { duplicateKeyField, isDuplicateKey } from './duplicate-key';

describe('duplicate-key errors', () => {
  it('recognises code 11000 and nothing else', () => {
    expect(isDuplicateKey({ code: 11000 })).toBe(true);
    expect(isDuplicateKey({ code: 11001 })).toBe(false);
    expect(isDuplicateKey(new Error('E11000'))).toBe(false);
    expect(isDuplicateKey(null)).toBe(false);
  });

  it("names the refusing index's field from MongoDB's keyPattern or its message", () => {
    expect(
      duplicateKeyField({
        code: 11000,
        keyPattern: { orderNumber: 1 },
        keyValue: { orderNumber: 'VNY-123456' },
      }),
    ).toBe('orderNumber');
    expect(
      duplicateKeyField({
        code: 11000,
        errmsg:
          "E11000 duplicate key error collection: vanya.orders index: _id_ dup key: { _id: ObjectId('6b0336489e548a6057611c30') }",
      }),
    ).toBe('_id');
    expect(
      duplicateKeyField({
        code: 11000,
        message:
          'E11000 duplicate key error collection: vanya.orders index: orderNumber_1 dup key: { orderNumber: "VNY-123456" }',
      }),
    ).toBe('orderNumber');
  });

  it("is undefined for FerretDB's bare message and for other errors", () => {
    expect(
      duplicateKeyField({ code: 11000, errmsg: 'E11000 duplicate key error collection: t.o' }),
    ).toBeUndefined();
    expect(duplicateKeyField({ code: 2, keyPattern: { a: 1 } })).toBeUndefined();
  });
});
