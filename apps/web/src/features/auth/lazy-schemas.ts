import type { FieldValues } from 'react-hook-form';
import type { ZodType } from 'zod';

import { lazyZodResolver, type LazyResolver } from '../../lib/lazy-resolver';
import type * as AuthSchemas from './schemas';

/** The sign-in schemas (./schemas), loaded on demand: the one place that imports them. */
export const loadAuthSchemas = () => import('./schemas');

/** A form resolver for the sign-in schema `pick` names, loaded when the form first needs it. */
export function authResolver<Input extends FieldValues, Output>(
  pick: (schemas: typeof AuthSchemas) => ZodType<Output, Input>,
): LazyResolver<Input, Output> {
  return lazyZodResolver(() => loadAuthSchemas().then(pick));
}
