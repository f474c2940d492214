import { INDIAN_STATES } from '@vanya/catalog';
import type { PincodeAnswer } from '@vanya/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../lib/api-client';

// GET /pincodes/:pin: the product page and the cart check delivery with it, the checkout fills the
// city and state from it. Shared by those features, so it lives outside them.

const isDate = (value: unknown) => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * Checked by hand rather than with the contracts' zod schema, which would load zod with the
 * product page; an answer of another shape is an error.
 */
function readAnswer(data: unknown): PincodeAnswer {
  const answer = (data ?? {}) as Partial<Record<keyof PincodeAnswer, unknown>>;
  const estimate = (answer.estimate ?? {}) as Record<string, unknown>;
  const valid =
    typeof answer.pin === 'string' &&
    (INDIAN_STATES as readonly unknown[]).includes(answer.state) &&
    typeof answer.district === 'string' &&
    typeof answer.town === 'string' &&
    typeof answer.serviceable === 'boolean' &&
    typeof answer.cod === 'boolean' &&
    typeof answer.codFee === 'number' &&
    typeof answer.codMaxGoods === 'number' &&
    typeof estimate.minDays === 'number' &&
    typeof estimate.maxDays === 'number' &&
    isDate(estimate.from) &&
    isDate(estimate.to);
  if (!valid) throw new Error('GET /pincodes answered in an unexpected shape');
  return data as PincodeAnswer;
}

export async function getPincode(pin: string): Promise<PincodeAnswer> {
  const { data } = await api.get<unknown>(`/pincodes/${encodeURIComponent(pin)}`);
  return readAnswer(data);
}

export function pincodeQueryOptions(pin: string) {
  return queryOptions({
    queryKey: ['pincodes', pin],
    queryFn: () => getPincode(pin),
    // The dates move once a day; a few minutes' old answer is as good.
    staleTime: 5 * 60_000,
  });
}

/** The look-up of `pin`; nothing is asked while it is undefined. */
export function usePincode(pin: string | undefined) {
  return useQuery({ ...pincodeQueryOptions(pin ?? ''), enabled: pin !== undefined });
}
