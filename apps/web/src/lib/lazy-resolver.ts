import type { FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

export type LazyResolver<Input extends FieldValues, Output> = Resolver<Input, unknown, Output> & {
  /** Starts loading the schema (once); resolves when it is ready or has failed. */
  load: () => Promise<void>;
};

/**
 * A react-hook-form resolver whose zod schema loads when the form first needs it, not with the
 * page. zod and the schemas are some 30 KB gzipped and take longer to evaluate than the rest of a
 * sign-in page together, so a page that imported them statically would render that much later.
 *
 * - `loadSchema` is a dynamic import of the schema; `@hookform/resolvers/zod` comes with it.
 * - `load()` starts the download: call it when the shopper starts on the form (its first focus).
 *   A submit waits for the download either way.
 * - If the download fails (the shopper went offline), the form checks nothing itself and hands the
 *   values on: the server validates every body with the same schema and answers what is wrong, and
 *   the next submit tries the download again.
 */
export function lazyZodResolver<Input extends FieldValues, Output = Input>(
  loadSchema: () => Promise<ZodType<Output, Input>>,
): LazyResolver<Input, Output> {
  let loading: Promise<Resolver<Input, unknown, Output>> | undefined;
  const resolverNow = () => {
    loading ??= Promise.all([loadSchema(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) => zodResolver(schema) as Resolver<Input, unknown, Output>,
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const resolver: Resolver<Input, unknown, Output> = async (values, context, options) => {
    let resolve: Resolver<Input, unknown, Output>;
    try {
      resolve = await resolverNow();
    } catch {
      // Unchecked on purpose (see above): the server's answer carries the validation message.
      return { values: values as unknown as Output, errors: {} };
    }
    return resolve(values, context, options);
  };
  return Object.assign(resolver, {
    load: () =>
      resolverNow().then(
        () => undefined,
        () => undefined,
      ),
  });
}
