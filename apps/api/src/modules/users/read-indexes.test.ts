import type { Model } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { EmailTokenModel } from '../auth/email-token.model';
import { CodeGuessModel, OneTimeCodeModel } from '../auth/one-time-code.model';
import { OrderModel } from '../orders/order.model';
import { ReturnModel } from '../returns/return.model';
import { TicketModel } from '../tickets/ticket.model';
import { RateLimitWindow } from '../../platform/http/rate-limit';
import { UserModel } from './user.model';

/**
 * Every query the accounts and a shopper's reads make, as filter fields and sort fields. On
 * MongoDB each needs an index whose leading keys are the filter's fields (in any order), then the
 * sort's; `_id` always has one.
 */
const PAGE = { filter: ['userId'], sort: ['createdAt', '_id'] };
const QUERIES: { what: string; model: Model<never>; filter: string[]; sort?: string[] }[] = [
  { what: 'session: the user by id', model: UserModel as never, filter: ['_id'] },
  {
    what: 'login, sign-up, reset: the user by email',
    model: UserModel as never,
    filter: ['email'],
  },
  {
    what: 'phone sign-in: the user by verified phone',
    model: UserModel as never,
    filter: ['phoneKey'],
  },
  { what: 'rate limits: a window', model: RateLimitWindow as never, filter: ['_id'] },
  {
    what: 'codes: the live code',
    model: OneTimeCodeModel as never,
    filter: ['userId', 'purpose'],
  },
  { what: 'codes: a client’s guesses', model: CodeGuessModel as never, filter: ['_id'] },
  { what: 'links: a token', model: EmailTokenModel as never, filter: ['tokenHash'] },
  { what: 'links: a user’s tokens', model: EmailTokenModel as never, filter: ['userId'] },
  { what: 'orders, invoices: a page', model: OrderModel as never, ...PAGE },
  { what: 'returns: a page', model: ReturnModel as never, ...PAGE },
  { what: 'tickets: a page', model: TicketModel as never, ...PAGE },
  { what: 'orders, invoices: an order', model: OrderModel as never, filter: ['_id'] },
  { what: 'tickets: a ticket', model: TicketModel as never, filter: ['_id'] },
  { what: 'sweep: expired windows', model: RateLimitWindow as never, filter: ['expiresAt'] },
  { what: 'sweep: expired guesses', model: CodeGuessModel as never, filter: ['expiresAt'] },
  { what: 'sweep: expired codes', model: OneTimeCodeModel as never, filter: ['expiresAt'] },
  { what: 'sweep: expired tokens', model: EmailTokenModel as never, filter: ['expiresAt'] },
  // Payments find an order by the provider's id (webhooks, verify).
  { what: 'payments: by provider order', model: OrderModel as never, filter: ['providerOrderId'] },
  // The owner's lists (not shopper reads, kept indexed all the same).
  {
    what: 'owner: orders by status, newest first',
    model: OrderModel as never,
    filter: ['status'],
    sort: ['createdAt'],
  },
  { what: 'owner: invoices by date', model: OrderModel as never, filter: ['invoiceDate'] },
];

function covered(model: Model<never>, filter: string[], sort: string[] = []): boolean {
  if (filter.length === 1 && filter[0] === '_id') return true;
  return model.schema.indexes().some(([keys]) => {
    const fields = Object.keys(keys);
    const head = fields.slice(0, filter.length);
    const tail = fields.slice(filter.length, filter.length + sort.length);
    return filter.every((f) => head.includes(f)) && sort.every((s, i) => tail[i] === s);
  });
}

describe('indexes for every query of the accounts and a shopper’s reads (MongoDB)', () => {
  it.each(QUERIES)('$what', ({ model, filter, sort }) => {
    expect(covered(model, filter, sort)).toBe(true);
  });

  it('pages newest first on {userId: 1, createdAt: -1, _id: -1}', () => {
    for (const model of [OrderModel, ReturnModel, TicketModel])
      expect(model.schema.indexes().map(([keys]) => keys)).toContainEqual({
        userId: 1,
        createdAt: -1,
        _id: -1,
      });
  });

  // `sparse` only with `unique`, on a field that is absent (never null) when it has no value: then
  // it means the same on both servers. MongoDB leaves absent values out of a sparse index; the
  // embedded FerretDB drops the option but never holds an absent value against a unique index.
  it('uses only plain ascending/descending indexes (no TTL, text, partial; sparse only unique)', () => {
    const models = [UserModel, OrderModel, ReturnModel, TicketModel, RateLimitWindow];
    for (const model of [...models, CodeGuessModel, OneTimeCodeModel, EmailTokenModel]) {
      for (const [keys, options] of model.schema.indexes()) {
        expect(Object.values(keys).every((v) => v === 1 || v === -1)).toBe(true);
        expect(options).not.toHaveProperty('expireAfterSeconds');
        if (options.sparse) expect(options.unique).toBe(true);
        expect(options).not.toHaveProperty('partialFilterExpression');
        expect(options).not.toHaveProperty('collation');
      }
    }
  });
});
