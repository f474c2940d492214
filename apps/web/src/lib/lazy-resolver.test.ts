import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

import { lazyZodResolver } from './lazy-resolver';

const schema = z.object({
  email: z.string().trim().toLowerCase().min(1, 'Please fill in all fields'),
});
type Values = z.input<typeof schema>;

const options = { fields: {}, shouldUseNativeValidation: false };

describe('lazyZodResolver', () => {
  it('loads nothing until the form needs it, then validates with the loaded schema', async () => {
    const loadSchema = vi.fn(() => Promise.resolve(schema));
    const resolver = lazyZodResolver<Values>(loadSchema);
    expect(loadSchema).not.toHaveBeenCalled();

    const refused = await resolver({ email: '  ' }, undefined, options);
    expect(refused.values).toEqual({});
    expect(refused.errors.email?.message).toBe('Please fill in all fields');

    const accepted = await resolver({ email: ' Asha@Example.com ' }, undefined, options);
    expect(accepted).toEqual({ values: { email: 'asha@example.com' }, errors: {} });
    expect(loadSchema).toHaveBeenCalledTimes(1);
  });

  it('starts the download once on load(), however often it is called', async () => {
    const loadSchema = vi.fn(() => Promise.resolve(schema));
    const resolver = lazyZodResolver<Values>(loadSchema);
    await Promise.all([resolver.load(), resolver.load()]);
    await resolver.load();
    expect(loadSchema).toHaveBeenCalledTimes(1);
    expect((await resolver({ email: '' }, undefined, options)).errors.email).toBeDefined();
    expect(loadSchema).toHaveBeenCalledTimes(1);
  });

  it('hands the values on unchecked when the download fails, and tries again next time', async () => {
    const loadSchema = vi
      .fn<() => Promise<typeof schema>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(schema);
    const resolver = lazyZodResolver<Values>(loadSchema);

    // load() never rejects: it only starts the download.
    await expect(resolver.load()).resolves.toBeUndefined();
    // The failed download is forgotten: this submit downloads again and validates.
    expect((await resolver({ email: '' }, undefined, options)).errors.email?.message).toBe(
      'Please fill in all fields',
    );
    expect(loadSchema).toHaveBeenCalledTimes(2);
  });

  it('lets the server judge a submit whose download fails', async () => {
    const loadSchema = vi.fn(() => Promise.reject(new TypeError('offline')));
    const resolver = lazyZodResolver<Values>(loadSchema);
    expect(await resolver({ email: '' }, undefined, options)).toEqual({
      values: { email: '' },
      errors: {},
    });
    expect(await resolver({ email: 'x' }, undefined, options)).toEqual({
      values: { email: 'x' },
      errors: {},
    });
    expect(loadSchema).toHaveBeenCalledTimes(2);
  });
});
